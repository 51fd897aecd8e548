import { Hono } from "hono";
import type { Services } from "../../services.ts";
import { apiContract as api } from "../../../core/contract/index.ts";
import { readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { fail, ok } from "../../http/envelope.ts";
import { requireSession } from "../../http/session.ts";
import { invalidSession } from "../../http/envelope.ts";
import { extensionFor, privateFile } from "../../http/private-file.ts";
import { journeyRedirectReply, userReply } from "./profile.replies.ts";

/** The apps' notices with the data (English only: the screens do not show them). */
const LOADED = {
  dashboard: "Dashboard data fetched successfully.",
  details: "Customer details fetched successfully.",
  user: "User details fetched successfully.",
  redirection: "Journey redirection data fetched successfully.",
} as const;

/** Dashboard data, customer details and the selfie read-back, under the journey controller path. */
export function createProfileRoutes({ auth, profileViews, profiles }: Pick<Services, "auth" | "profileViews" | "profiles">) {
  const routes = new Hono<AppEnv>();

  routes.post(api.getDashboardData.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getDashboardData.input);
    return ok(c, LOADED.dashboard, await profileViews.dashboard(session.profileId, input.lead_id || undefined, answerLanguage(c)));
  });

  routes.post(api.getJourneyRedirectionData.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getJourneyRedirectionData.input);
    return ok(c, LOADED.redirection, journeyRedirectReply(await profileViews.summary(session.profileId)));
  });

  routes.post(api.getCustomerDetails.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getCustomerDetails.input);
    return ok(c, LOADED.details, await profileViews.customerDetails(session.profileId));
  });

  // Owner-checked: the session picks the file. Served as an attachment that can never run as a page.
  routes.get(api.getProfilePicture.path, async (c) => {
    const session = await requireSession(c, auth);
    const claimed = c.req.query("profile_id");
    if (claimed && claimed.toLowerCase() !== session.profileId) throw invalidSession();
    const file = await profiles.readSelfie(session.profileId);
    if (!file) return fail(c, 404, "No picture has been uploaded yet.");
    return privateFile(c, file.bytes, file.contentType, `selfie.${extensionFor(file.contentType)}`);
  });

  return routes;
}

/** Spec 7's user data call, directly under /Api/Website. */
export function createWebsiteRoutes({ auth, profileViews }: Pick<Services, "auth" | "profileViews">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.getUser.path, async (c) => {
    const { session } = await readOwnedInput(c, auth, api.getUser.input);
    return ok(c, LOADED.user, userReply(await profileViews.summary(session.profileId)));
  });
  return routes;
}
