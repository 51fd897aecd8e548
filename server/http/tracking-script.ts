import type { MiddlewareHandler } from "hono";

const DIRECTIVES = ["script-src", "connect-src", "img-src"];

/**
 * Decision 22: only when TRACKING_SCRIPT_URL is set, its origin is allowed to load scripts, beacons
 * and pixels. Applied to whatever CSP an answer carries (nonce, hashes of a cached page, or a
 * download's `default-src 'none'`, which has no such directive and is left alone).
 */
export function widenCsp(policy: string, origin: string): string {
  return policy
    .split(";")
    .map((part) => {
      const directive = part.trim();
      return DIRECTIVES.some((d) => directive.startsWith(`${d} `)) ? `${directive} ${origin}` : directive;
    })
    .join("; ");
}

export function trackingScriptCsp(origin: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const policy = c.res.headers.get("Content-Security-Policy");
    if (policy) c.res.headers.set("Content-Security-Policy", widenCsp(policy, origin));
  };
}
