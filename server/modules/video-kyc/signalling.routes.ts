// Issue 33: the video KYC call's signalling over HTTP, thin: each side's server-sent event stream (GET) and
// its posts (one message each). The customer's under the journey controller with their session; the
// official's under /admin/video-kyc/api with the staff cookie and the back office's origin check. Bodies are
// read by hand (an SDP has line breaks, which the JSON helpers refuse in form fields), bounded, and a
// body that is not JSON is a 400; the service checks the caller and the message.
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type * as z from "zod";
import { apiContract as api, validationFailure } from "../../../core/contract/index.ts";
import { SIGNAL_MAX_BODY_BYTES } from "../../../core/video-kyc-signal.ts";
import type { StaffPrincipal } from "../../../core/staff.ts";
import { STAFF_COOKIE } from "../../http/admin-gateway.ts";
import { readBodyText } from "../../http/body.ts";
import type { AppEnv } from "../../http/context.ts";
import { AppError, ok } from "../../http/envelope.ts";
import { eventStream } from "../../http/event-stream.ts";
import { requireSession } from "../../http/session.ts";
import type { Services } from "../../services.ts";

/** The post's JSON object; anything else is a 400 that says so. */
async function messageBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const { text } = await readBodyText(c.req.raw, SIGNAL_MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("The request body is not valid JSON.", { httpStatus: 400 });
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new AppError("The request body must be a JSON object.", { httpStatus: 400 });
  return value as Record<string, unknown>;
}

/** The contract's input, or a 400 naming the field (machine-sent: the call's own script posts these). */
function input<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const failure = validationFailure(parsed.error);
  throw new AppError(failure.message, { httpStatus: 400, errors: failure.errors });
}

/** The customer's stream and posts. */
export function createVideoKycSignalRoutes({ auth, videoKyc }: Pick<Services, "auth" | "videoKyc">) {
  const routes = new Hono<AppEnv>();
  const signalling = videoKyc.signalling;

  routes.get(api.videoKycSignals.path, async (c) => {
    const session = await requireSession(c, auth);
    const { session_id, device } = input(api.videoKycSignals.input, c.req.query());
    return eventStream({
      open: (send, end) => signalling.openForCustomer(session.profileId, session_id, (json, event = "signal") => send(event, json), { device, end }),
    });
  });

  routes.post(api.sendVideoKycSignal.path, async (c) => {
    const session = await requireSession(c, auth);
    const body = input(api.sendVideoKycSignal.input, await messageBody(c));
    return ok(c, "OK", await signalling.fromCustomer(session.profileId, body.session_id, body.message));
  });

  return routes;
}

/** The official's stream and posts (the staff member of the staff cookie; none: "Please sign in."). */
export function createVideoKycStaffSignalRoutes({ staff, videoKyc }: Pick<Services, "staff" | "videoKyc">) {
  const routes = new Hono<AppEnv>();
  const signalling = videoKyc.signalling;
  const who = async (c: Context<AppEnv>): Promise<StaffPrincipal | null> => {
    const token = getCookie(c, STAFF_COOKIE);
    return token ? await staff.authenticate(token).catch(() => null) : null;
  };

  routes.get(api.videoKycCallSignals.path, async (c) => {
    const actor = await who(c);
    const sessionId = c.req.param("sessionId");
    return eventStream({ open: (send) => signalling.openForOfficial(actor, sessionId, (json, event = "signal") => send(event, json)) });
  });

  routes.post(api.videoKycCallSignal.path, async (c) => {
    const actor = await who(c);
    const body = input(api.videoKycCallSignal.input, await messageBody(c));
    return ok(c, "OK", await signalling.fromOfficial(actor, c.req.param("sessionId"), body.message));
  });

  return routes;
}
