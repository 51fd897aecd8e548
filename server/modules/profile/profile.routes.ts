import { Hono } from "hono";
import { ONBOARDING_MESSAGES as OM } from "../../../core/validation/index.ts";
import type { AppEnv } from "../../http/context.ts";
import { fail, ok } from "../../http/envelope.ts";
import { readOwnedBody } from "../../http/ownership.ts";
import { requireSession } from "../../http/session.ts";
import { invalidSession } from "../../http/envelope.ts";
import { extensionFor, privateFile } from "../../http/private-file.ts";


/** Dashboard data, customer details and the selfie read-back, under the journey controller path. */
export function profileRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post("/getDashboardData", async (c) => {
    const { session, body } = await readOwnedBody(c);
    const leadId = typeof body.lead_id === "string" && body.lead_id ? body.lead_id : undefined;
    return ok(c, OM.dashboardLoaded, await c.var.services.profileViews.dashboard(session.profileId, leadId));
  });

  routes.post("/getCustomerDetails", async (c) => {
    const { session } = await readOwnedBody(c);
    return ok(c, OM.detailsLoaded, await c.var.services.profileViews.customerDetails(session.profileId));
  });

  // Owner-checked: the session picks the file. Served as an attachment that can never run as a page.
  routes.get("/getProfilePicture", async (c) => {
    const session = await requireSession(c);
    const claimed = c.req.query("profile_id");
    if (claimed && claimed.toLowerCase() !== session.profileId) throw invalidSession();
    const file = await c.var.services.profiles.readSelfie(session.profileId);
    if (!file) return fail(c, 404, "No picture has been uploaded yet.");
    return privateFile(c, file.bytes, file.contentType, `selfie.${extensionFor(file.contentType)}`);
  });

  return routes;
}
