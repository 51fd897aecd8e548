// Local use (issue 14): the site opened as http://127.0.0.1:PORT while PUBLIC_ORIGIN is the default
// http://localhost:PORT would sign in on one host and get DigiLocker, the aggregator, eSign and the
// gateways back on the other, where the session cookie does not exist. Outside production, a page
// request on a loopback host other than PUBLIC_ORIGIN's is sent to PUBLIC_ORIGIN first, before any
// sign-in. The target is always PUBLIC_ORIGIN, never the Host header, so nothing can steer it.
import type { MiddlewareHandler } from "hono";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** API calls and the health check are answered where they arrive (native clients, probes, curl). */
const NOT_REDIRECTED = [/^\/healthz$/, /^\/Api(\/|$)/, /^\/index\.php\/Api(\/|$)/];

/** Where a request should go instead, or null when it is fine where it is. */
export function canonicalLoopbackTarget(method: string, requestUrl: string, publicOrigin: string): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const url = new URL(requestUrl);
  const canonical = new URL(publicOrigin);
  // Cookies follow the host name, not the port: only another name loses the session.
  if (url.hostname.toLowerCase() === canonical.hostname.toLowerCase()) return null;
  if (!isLoopbackHost(url.hostname) || !isLoopbackHost(canonical.hostname)) return null;
  if (NOT_REDIRECTED.some((p) => p.test(url.pathname))) return null;
  return `${canonical.origin}${url.pathname}${url.search}`;
}

/**
 * Whether a page request with this Host header stays where it is (the redirect above would not move
 * it), for the node:http fast path of cached pages that runs before Hono. Remembers its answers per
 * Host value, since nearly every request carries the same one.
 */
export function staysOnHost(publicOrigin: string): (host: string | undefined) => boolean {
  const canonical = new URL(publicOrigin).hostname.toLowerCase();
  const known = new Map<string, boolean>();
  return (host) => {
    if (!host) return true;
    let stays = known.get(host);
    if (stays === undefined) {
      let hostname: string | null = null;
      try {
        hostname = new URL(`http://${host}`).hostname.toLowerCase();
      } catch {}
      // An unparsable Host goes to Hono, which decides as before.
      stays = hostname !== null && (hostname === canonical || !isLoopbackHost(hostname) || !isLoopbackHost(canonical));
      if (known.size < 100) known.set(host, stays);
    }
    return stays;
  };
}

/** Mounted only outside production (sandbox mode): see the file's comment. */
export function loopbackOriginRedirect(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const target = canonicalLoopbackTarget(c.req.method, c.req.url, publicOrigin);
    if (!target) return next();
    c.header("Cache-Control", "no-store");
    return c.redirect(target, 307);
  };
}
