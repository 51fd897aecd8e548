import { randomFillSync } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { PAYMENT_GATEWAYS } from "../../core/payment-gateways.ts";
import type { AppEnv } from "./context.ts";

/**
 * The Content-Security-Policy with the given script sources: a per-request nonce for
 * rendered pages, or SHA-256 hashes of the inline scripts for cached and prerendered
 * HTML (which cannot carry a fresh nonce; see server/modules/public-site/html-csp.ts).
 */
/** The payment gateways' own hosts in production, from the one list (core/payment-gateways.ts). */
export const PAYMENT_GATEWAY_SOURCES = {
  script: PAYMENT_GATEWAYS.flatMap((g) => g.hosts.script),
  frame: PAYMENT_GATEWAYS.flatMap((g) => g.hosts.frame),
  form: PAYMENT_GATEWAYS.flatMap((g) => g.hosts.form),
};

export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, ...PAYMENT_GATEWAY_SOURCES.script].join(" ")}`.trim(),
    `frame-src 'self' ${PAYMENT_GATEWAY_SOURCES.frame.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${PAYMENT_GATEWAY_SOURCES.form.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The fixed hardening headers of every response (the CSP is set separately). */
export function hardeningHeaders(hsts: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Issue 33: the video KYC checks the microphone and reads the live location on our own pages.
    "Permissions-Policy": "camera=(self), microphone=(self), geolocation=(self), payment=(self)",
  };
  if (hsts) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains; preload";
  return headers;
}

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once (as node:crypto does for randomUUID); each nonce's bytes are used once. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;

/** A fresh CSP nonce: 16 bytes of node:crypto's CSPRNG (OpenSSL's, as randomBytes), base64; one call into it per 256 responses, not one each. */
export function cspNonce(): string {
  if (nonceAt === noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  const nonce = noncePool.toString("base64", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/**
 * Every response gets the same hardening headers. Scripts run only from our origin or
 * with this request's nonce; styles allow inline attributes (progress bars, charts).
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  // Built once: only the nonce changes per request.
  const hardening = Object.entries(hardeningHeaders(options.hsts));
  const [beforeNonce, afterNonce] = contentSecurityPolicy(["'nonce-\0'"]).split("\0");
  return async (c, next) => {
    const nonce = cspNonce();
    c.set("nonce", nonce);
    await next();
    const h = c.res.headers;
    if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", beforeNonce + nonce + afterNonce);
    for (const [name, value] of hardening) h.set(name, value);
  };
}
