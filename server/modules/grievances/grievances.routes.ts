// Issue 22: raising and following complaints. The service checks every field (core's rules) and the
// loan's owner; these routes only read the body (large enough for a 5 MB attachment in base64).
import { Hono, type Context } from "hono";
import { apiContract as api } from "../../../core/contract/index.ts";
import { GRIEVANCE_CODES } from "../../../core/i18n/service-codes.ts";
import { GRIEVANCE_STATUS_LABELS, type GrievanceStatus } from "../../../core/grievances.ts";
import { parseJsonObject, readBodyText } from "../../http/body.ts";
import { apiLanguage } from "../../http/api-language.ts";
import { clientIp, type AppEnv } from "../../http/context.ts";
import type { Services } from "../../services.ts";
import { invalidSession, ok } from "../../http/envelope.ts";
import { readOwnedBody } from "../../http/ownership.ts";
import { requireSession } from "../../http/session.ts";

/** A 5 MB attachment as base64 (×4/3) plus the form's text. */
export const COMPLAINT_BODY_LIMIT = 8 * 1024 * 1024;

async function readComplaint(c: Context<AppEnv>) {
  const { text } = await readBodyText(c.req.raw, COMPLAINT_BODY_LIMIT);
  return text.trim() ? parseJsonObject(text) : {};
}

export function createGrievanceRoutes({ auth, grievances, servicing }: Pick<Services, "auth" | "grievances" | "servicing">) {
  const routes = new Hono<AppEnv>();
  routes.post(api.raiseComplaint.path, async (c) => {
    const session = await requireSession(c, auth);
    const body = await readComplaint(c);
    const claimed = body.profile_id;
    if (claimed !== undefined && claimed !== null && claimed !== "" && String(claimed).toLowerCase() !== session.profileId) throw invalidSession();
    const { reference, attachment } = await grievances.raise(session.profileId, body);
    return ok(c, GRIEVANCE_CODES.raised(reference), { reference, attachment });
  });
  routes.post(api.getComplaints.path, async (c) => {
    const { session } = await readOwnedBody(c, auth);
    const complaints = await grievances.customerComplaints(session.profileId);
    const contacts = await servicing.customerContacts(session.profileId);
    return ok(
      c,
      { key: "servicing.complaint.msg.loaded" },
      {
        complaints: complaints.map((g) => ({
          reference: g.reference,
          category: g.category,
          category_label: g.categoryLabel,
          status: g.status,
          status_label: GRIEVANCE_STATUS_LABELS[g.status as GrievanceStatus] ?? g.status,
          loan_no: g.loanNo,
          description: g.description,
          raised_at: g.raisedAt,
          events: g.events,
          attachment: g.attachment,
        })),
        collection_contacts: contacts.map((x) => ({
          loan_no: x.loanNo,
          channel: x.channel,
          agent_name: x.agentName,
          agency_name: x.agencyName,
          contacted_at: x.contactedAt,
        })),
      },
    );
  });
  return routes;
}

/** The public form's call, beside the enquiry (same captcha). */
export function createPublicGrievanceRoutes({ grievances, trustProxy }: Pick<Services, "grievances"> & { trustProxy: number }) {
  const routes = new Hono<AppEnv>();
  routes.post(api.raisePublicComplaint.path, async (c) => {
    const body = await readComplaint(c);
    const { reference, attachment } = await grievances.raisePublic(body, clientIp(c, trustProxy), apiLanguage(c.req.header("accept-language"), body));
    return ok(c, GRIEVANCE_CODES.raised(reference), { reference, attachment });
  });
  return routes;
}
