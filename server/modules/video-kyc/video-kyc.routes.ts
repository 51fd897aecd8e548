// Issue 33: video KYC over HTTP, thin: the customer's calls under the journey controller (the offline
// e-KYC file as multipart, the others JSON), and the officials' JSON calls under /admin with the staff
// cookie. The service checks every id against the caller; bad input is its coded refusal, never a 500.
import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { apiContract as api, apiPath } from "../../../core/contract/index.ts";
import { VIDEO_KYC_CODES } from "../../../core/i18n/index.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { OFFLINE_EKYC_MAX_ZIP_BYTES } from "../../providers/offline-ekyc/file.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { answerLanguage } from "../../http/api-language.ts";
import { parseInput, readOwnedInput } from "../../http/contract-input.ts";
import type { AppEnv } from "../../http/context.ts";
import { AppError, fail, invalidSession, ok } from "../../http/envelope.ts";
import { readBodyText } from "../../http/body.ts";
import { requireSession } from "../../http/session.ts";
import type { Services } from "../../services.ts";
import type { VideoKycCallView, VideoKycCustomerView } from "./video-kyc.service.ts";

/** The multipart upload's limit: the ZIP (2 MB at most) and its few fields. */
const UPLOAD_LIMIT = OFFLINE_EKYC_MAX_ZIP_BYTES + 64 * 1024;
/** The one customer call that is not JSON (the /Api guard lets multipart through to this path only). */
export const VIDEO_KYC_UPLOAD_PATH = apiPath("submitVideoKycEkyc");

const sessionReply = (v: VideoKycCustomerView) => ({
  session_id: v.id,
  lead_id: v.leadId,
  status: v.status,
  queue_position: v.queuePosition,
  waiting_minutes: v.waitingMinutes,
  left_queue: v.leftQueue,
  rejection_reason: v.rejectionReason,
  audited: v.audited,
  may_start_again: v.mayStartAgain,
  ice_servers: v.iceServers,
});

const callReply = (v: VideoKycCallView) => ({
  session_id: v.id,
  lead_id: v.leadId,
  status: v.status,
  name: v.name,
  dob: v.dob,
  gender: v.gender,
  address: v.address,
  aadhaar_last4: v.aadhaarLast4,
  mobile_matches: v.mobileMatches,
  location: v.location,
  liveness_action: v.livenessAction,
  checks: v.checks,
  decision_reason: v.decisionReason,
  audit_outcome: v.auditOutcome,
});

const noticeLanguage = (c: Context) => (answerLanguage(c) === "hi" ? ("hi" as const) : ("en" as const));

export function createVideoKycRoutes({ auth, videoKyc }: Pick<Services, "auth" | "videoKyc">) {
  const routes = new Hono<AppEnv>();
  const customer = videoKyc.customer;

  routes.post(api.startVideoKyc.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.startVideoKyc.input);
    const consent = input.consent === 1 || input.consent === "1" || input.consent === true;
    const view = await customer.start(session.profileId, { leadId: input.lead_id, consent, language: noticeLanguage(c) });
    return ok(c, VIDEO_KYC_CODES.started, sessionReply(view));
  });

  // The limit holds for a body sent without a length too (chunked), as it is read.
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_LIMIT, onError: (c) => fail(c, 413, "The request is too large.") });
  routes.post(api.submitVideoKycEkyc.path, uploadLimit, async (c) => {
    const session = await requireSession(c, auth);
    const form = await c.req.parseBody().catch(() => null);
    if (!form) throw new AppError(VIDEO_KYC_CODES.fileRequired, { httpStatus: 422, errors: { file: VIDEO_KYC_CODES.fileRequired } });
    const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
    const claimed = text("profile_id");
    if (claimed && claimed.toLowerCase() !== session.profileId) throw invalidSession();
    const input = parseInput(api.submitVideoKycEkyc.input, { session_id: text("session_id"), share_code: text("share_code") });
    const part = form.file;
    const zip = part instanceof File ? new Uint8Array(await part.arrayBuffer()) : null;
    const view = await customer.submitOfflineEkyc(session.profileId, input.session_id, { zip, shareCode: input.share_code });
    return ok(c, VIDEO_KYC_CODES.identityRead, sessionReply(view));
  });

  routes.post(api.joinVideoKycQueue.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.joinVideoKycQueue.input);
    const location = { latitude: input.latitude, longitude: input.longitude, accuracy: input.accuracy };
    const view = await customer.joinQueue(session.profileId, input.session_id, location);
    return ok(c, VIDEO_KYC_CODES.queued, sessionReply(view));
  });

  routes.post(api.getVideoKyc.path, async (c) => {
    const { session, input } = await readOwnedInput(c, auth, api.getVideoKyc.input);
    const view = input.session_id ? await customer.mine(session.profileId, input.session_id) : await customer.latestFor(session.profileId, input.lead_id);
    return ok(c, "OK", { session: view ? sessionReply(view) : null });
  });

  return routes;
}

/** The officials' calls: the staff member of the staff cookie (none: the service says "Please sign in."). */
export function createVideoKycStaffRoutes({ staff, videoKyc }: Pick<Services, "staff" | "videoKyc">) {
  const routes = new Hono<AppEnv>();
  const desk = videoKyc.desk;
  const who = async (c: Context<AppEnv>): Promise<StaffPrincipal | null> => {
    const token = getCookie(c, STAFF_COOKIE);
    return token ? await staff.authenticate(token).catch(() => null) : null;
  };
  const body = async (c: Context<AppEnv>): Promise<unknown> => {
    const { text } = await readBodyText(c.req.raw, 16 * 1024);
    if (!text.trim()) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw new AppError("Please send the request as JSON.", { httpStatus: 400 });
    }
  };

  routes.get(api.videoKycQueue.path, async (c) => {
    const queue = await desk.queue(await who(c));
    return ok(c, "OK", {
      queue: queue.map((q) => ({
        session_id: q.id,
        position: q.position,
        name: q.name,
        queued_at: q.queuedAt.toISOString(),
        waiting_minutes: q.waitingMinutes,
      })),
    });
  });
  routes.post(api.videoKycTake.path, async (c) => ok(c, "Call taken.", callReply(await desk.take(await who(c), c.req.param("sessionId")))));
  routes.post(api.videoKycDecide.path, async (c) => {
    const view = await desk.decide(await who(c), c.req.param("sessionId"), await body(c));
    return ok(c, "Decision recorded.", callReply(view));
  });
  routes.post(api.videoKycAudit.path, async (c) => {
    const view = await desk.audit(await who(c), c.req.param("sessionId"), await body(c));
    return ok(c, "Audit recorded.", callReply(view));
  });
  return routes;
}
