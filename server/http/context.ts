import type { Context } from "hono";
import type { Language } from "../../core/i18n/index.ts";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { SessionInfo } from "../modules/auth/auth.service.ts";
import type { Services } from "../services.ts";

export type AppEnv = {
  Variables: {
    requestId: string;
    nonce: string;
    services: Services;
    /** Resolved lazily by `sessionFrom`; undefined until asked. */
    session?: SessionInfo | null;
    /** The answer's language when the endpoint read a `lang` field (api-language.ts); else from Accept-Language. */
    apiLanguage?: Language;
  };
};

export const SESSION_COOKIE = "sot_session";

export function clientIp(c: Context<AppEnv>): string {
  if (c.var.services.env.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "local";
  }
}
