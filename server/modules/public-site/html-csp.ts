// Cached and prerendered HTML cannot carry a per-request nonce (a nonce served twice is
// no nonce at all). Those pages are rendered WITHOUT nonce attributes and served with a
// CSP that lists the SHA-256 hash of each inline script they contain: the browser runs
// exactly those scripts and nothing injected. Scripts with src stay covered by 'self'.
import { createHash } from "node:crypto";
import { contentSecurityPolicy } from "../../http/security-headers.ts";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** 'sha256-…' sources for every executable inline script of the page (JSON-LD data blocks are not executed). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The CSP for one piece of cached or prerendered HTML. */
export function hashedCsp(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}
