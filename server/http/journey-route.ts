import type { Context } from "hono";
import { journeyEvents } from "../journey-events.ts";
import { fieldErrors } from "../../core/validation/index.ts";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "./body.ts";
import { clientIp, type AppEnv } from "./context.ts";
import { AppError, ok, invalidSession } from "./envelope.ts";
import { clearSessionCookie, optionalSession, requireSession, sessionToken, setSessionCookie } from "./session.ts";

export const UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;

/**
 * The journey endpoint: parse, find the event, check access and ownership, validate, dispatch.
 * Decisions live in the services; this only shapes HTTP.
 */
export async function handleJourney(c: Context<AppEnv>) {
  // Large bodies are read only for signed-in customers, so anonymous traffic stays at 1 MB.
  const session = await optionalSession(c);
  const { text, bytes } = await readBodyText(c.req.raw, session ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT);
  const body = parseJsonObject(text);

  const name = body.event_name;
  if (typeof name !== "string" || !name) throw new AppError("event_name is required.", { errors: { event_name: "event_name is required." } });
  const entry = Object.hasOwn(journeyEvents, name) ? journeyEvents[name] : undefined;
  if (!entry) throw new AppError("Unknown event_name.", { errors: { event_name: "Unknown event_name." } });
  if (bytes > DEFAULT_BODY_LIMIT && !entry.largeBody) throw new AppError("The request is too large.", { httpStatus: 413 });

  let active = null;
  if (entry.access === "session") {
    active = await requireSession(c);
    // Ownership (decision 20): an id that is not the session's own is refused before anything is read.
    if ("profile_id" in body && body.profile_id !== undefined && body.profile_id !== "" && String(body.profile_id) !== active.profileId) {
      throw invalidSession();
    }
  }

  const schema = typeof entry.schema === "function" ? entry.schema(c.var.services) : entry.schema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError(Object.values(errors)[0] ?? "Please check the details you entered.", { httpStatus: 422, errors });
  }

  const result = await entry.handle(parsed.data, { services: c.var.services, session: active, ip: clientIp(c), token: sessionToken(c) });
  let data = result.data;
  if (result.newSessionToken) {
    setSessionCookie(c, result.newSessionToken);
    // Browsers keep the token in the httpOnly cookie only; apps (no Origin header) get it in the body.
    if (!c.req.header("origin")) data = { ...(data as object), app_login_token: result.newSessionToken };
  }
  if (result.endSession) clearSessionCookie(c);
  return ok(c, result.message, data);
}
