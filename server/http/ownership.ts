import type { Context } from "hono";
import { DEFAULT_BODY_LIMIT, parseJsonObject, readBodyText } from "./body.ts";
import type { AppEnv } from "./context.ts";
import { invalidSession } from "./envelope.ts";
import { requireSession, type SessionAuth } from "./session.ts";

/**
 * For POST endpoints beside the journey one: a session is required, and a profile_id in
 * the body must be the session's own (decision 20), else Status 4 before anything is read.
 */
export async function readOwnedBody(c: Context<AppEnv>, auth: SessionAuth) {
  const session = await requireSession(c, auth);
  const { text } = await readBodyText(c.req.raw, DEFAULT_BODY_LIMIT);
  const body = text.trim() ? parseJsonObject(text) : {};
  const claimed = body.profile_id;
  if (claimed !== undefined && claimed !== null && claimed !== "" && String(claimed).toLowerCase() !== session.profileId) throw invalidSession();
  return { session, body };
}
