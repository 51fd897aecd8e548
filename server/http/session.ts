import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_POLICY } from "../../core/security-policy.ts";
import type { AuthService, SessionInfo } from "../modules/auth/auth.service.ts";
import { SESSION_COOKIE, type AppEnv } from "./context.ts";
import { invalidSession } from "./envelope.ts";

/** Apps send `auth-token`; the web client relies on the httpOnly cookie (decision 16). */
export function sessionToken(c: Context<AppEnv>): string | undefined {
  return c.req.header("auth-token") || getCookie(c, SESSION_COOKIE) || undefined;
}

/** What reading a session needs of the auth module; a route that checks the session is given it (decision 65). */
export type SessionAuth = Pick<AuthService, "authenticate">;

/** The session of this request, or an AppError with Status 4 or 5. */
export async function requireSession(c: Context<AppEnv>, auth: SessionAuth): Promise<SessionInfo> {
  // optionalSession already checked this request's token (the journey endpoint): one lookup, not two.
  // Without a valid one it left null, and the check below runs again to say which refusal (4 or 5).
  const known = c.get("session");
  if (known) return known;
  const token = sessionToken(c);
  if (!token) throw invalidSession();
  const session = await auth.authenticate(token);
  c.set("session", session);
  return session;
}

/** The session if there is a valid one; never throws. */
export async function optionalSession(c: Context<AppEnv>, auth: SessionAuth): Promise<SessionInfo | null> {
  const known = c.get("session");
  if (known !== undefined) return known;
  const token = sessionToken(c);
  let session: SessionInfo | null = null;
  if (token) session = await auth.authenticate(token).catch(() => null);
  c.set("session", session);
  return session;
}

/** `secure`: the public origin is https (`secureCookies`). */
export function setSessionCookie(c: Context<AppEnv>, token: string, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure,
    path: "/",
    maxAge: SESSION_POLICY.absoluteSeconds,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}
