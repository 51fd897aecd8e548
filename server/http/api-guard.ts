import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { fail } from "./envelope.ts";

/**
 * State-changing API calls must be JSON and, when a browser says where it comes from,
 * come from our own origin (decision 16): the configured public origin, or the very host
 * the request was sent to (so http://127.0.0.1:3000 works as well as localhost).
 * Native apps send no Origin and are allowed.
 */
export function apiGuard(allowedOrigins: string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    if (origin && !allowed.has(origin) && !sameHost(origin, c.req.header("host"))) return fail(c, 403, "This request is not allowed from that site.");
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type)) return fail(c, 415, "Please send the request as JSON (Content-Type: application/json).");
    return next();
  };
}

function sameHost(origin: string, host: string | undefined) {
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}
