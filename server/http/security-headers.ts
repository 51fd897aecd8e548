import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The Content-Security-Policy with the given script sources: a per-request nonce for
 * rendered pages, or SHA-256 hashes of the inline scripts for cached and prerendered
 * HTML (which cannot carry a fresh nonce; see server/modules/public-site/html-csp.ts).
 */
export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Every response gets the same hardening headers. Scripts run only from our origin or
 * with this request's nonce; styles allow inline attributes (progress bars, charts).
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    }
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(self)");
    if (options.hsts) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  };
}
