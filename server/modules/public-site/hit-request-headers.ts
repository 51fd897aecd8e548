// The request headers a cache hit reads (page-cache.middleware.ts), taken off node:http's raw header list.
import type { IncomingMessage } from "node:http";

/** The request headers a hit reads. */
export interface HitHeaders {
  host?: string;
  cookie?: string;
  authToken?: string;
  acceptEncoding?: string;
  acceptLanguage?: string;
  ifNoneMatch?: string;
  expect?: string;
}

/** Header names a hit reads, by length, then lower-cased name. */
const HIT_HEADER_NAMES = new Map<number, Map<string, keyof HitHeaders>>([
  [4, new Map([["host", "host"]])],
  [
    6,
    new Map([
      ["cookie", "cookie"],
      ["expect", "expect"],
    ]),
  ],
  [10, new Map([["auth-token", "authToken"]])],
  [13, new Map([["if-none-match", "ifNoneMatch"]])],
  [
    15,
    new Map([
      ["accept-encoding", "acceptEncoding"],
      ["accept-language", "acceptLanguage"],
    ]),
  ],
]);

/**
 * A hit's headers read off the raw list: node:http builds `req.headers` as an object on its first read, which cost
 * a hit more than its whole check (profiles, issue 35). Null when one of them comes twice: node:http joins or drops
 * repeats by its own rules, so `req.headers` is read instead.
 */
export function hitHeadersOf(raw: readonly string[]): HitHeaders | null {
  const found: HitHeaders = {};
  for (let i = 0; i < raw.length; i += 2) {
    const key = HIT_HEADER_NAMES.get(raw[i]!.length)?.get(raw[i]!.toLowerCase());
    if (!key) continue;
    if (found[key] !== undefined) return null;
    found[key] = raw[i + 1];
  }
  return found;
}

/** The same from node:http's header object (`auth-token` is a header of ours, so it may be a list there). */
export function hitHeadersFrom(h: IncomingMessage["headers"]): HitHeaders {
  const authToken = h["auth-token"];
  return {
    host: h.host,
    cookie: h.cookie,
    authToken: Array.isArray(authToken) ? authToken.join(", ") : authToken,
    acceptEncoding: h["accept-encoding"],
    acceptLanguage: h["accept-language"],
    ifNoneMatch: h["if-none-match"],
    expect: h.expect,
  };
}
