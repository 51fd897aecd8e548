import type { Context } from "hono";
import type { Language } from "../../core/i18n/index.ts";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { SessionInfo } from "../modules/auth/auth.service.ts";

export type AppEnv = {
  Variables: {
    requestId: string;
    nonce: string;
    /** Resolved lazily by `sessionFrom`; undefined until asked. */
    session?: SessionInfo | null;
    /** The answer's language when the endpoint read a `lang` field (api-language.ts); else from Accept-Language. */
    apiLanguage?: Language;
  };
};

export const SESSION_COOKIE = "sot_session";

/**
 * The address `proxies` hops from the right of X-Forwarded-For: each proxy of ours appends the address it
 * saw, so entries left of that one were written by the client and prove nothing. With fewer entries
 * than proxies the leftmost is taken; with no proxies (or no header) the answer is null.
 */
export function forwardedClient(header: string | undefined, proxies: number): string | null {
  if (!proxies || !header) return null;
  const entries = header
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.length ? entries[Math.max(0, entries.length - proxies)]! : null;
}

/** Cookies are marked Secure when the site is served over https. */
export const secureCookies = (publicOrigin: string) => publicOrigin.startsWith("https://");

/** The client's address; `trustProxy` is TRUST_PROXY, the number of proxies in front (decision on issue 21). */
export function clientIp(c: Context<AppEnv>, trustProxy: number): string {
  const forwarded = forwardedClient(c.req.header("x-forwarded-for"), trustProxy);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}
