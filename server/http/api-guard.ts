import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { fail } from "./envelope.ts";

/**
 * State-changing API calls must be JSON and, when a browser says where it comes from,
 * come from our own origin (decision 16): the configured public origin, or the very host
 * the request was sent to (so http://127.0.0.1:3000 works as well as localhost).
 * Native apps send no Origin and are allowed. `multipartPaths`: the few uploads sent as a browser's
 * multipart form (issue 33's offline e-KYC ZIP), still held to our origin; every other call is JSON.
 */
export function apiGuard(allowedOrigins: string[], multipartPaths: readonly string[] = []): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  const multipart = new Set(multipartPaths);
  return async (c, next) => {
    c.header("Cache-Control", "no-store");
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    if (origin && !allowed.has(origin) && !sameHost(origin, c.req.header("host"))) return fail(c, 403, "This request is not allowed from that site.");
    const type = c.req.header("content-type") ?? "";
    if (multipart.has(c.req.path) && /^multipart\/form-data\s*;/i.test(type)) return next();
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
