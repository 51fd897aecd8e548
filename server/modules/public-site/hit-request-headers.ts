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

/** Where each header a hit reads is kept while the raw list is read. */
const HOST = 0;
const COOKIE = 1;
const AUTH_TOKEN = 2;
const ACCEPT_ENCODING = 3;
const ACCEPT_LANGUAGE = 4;
const IF_NONE_MATCH = 5;
const EXPECT = 6;

/** Whether `name` is `lower` in any case. Header names are ASCII tokens, so ASCII folding is enough, and no lower-cased copy is made. */
function sameName(name: string, lower: string): boolean {
  if (name.length !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** The slot of a header a hit reads, or -1: picked by length first, so most names are compared with one name at most. */
function slotOf(name: string): number {
  switch (name.length) {
    case 4:
      return sameName(name, "host") ? HOST : -1;
    case 6:
      return sameName(name, "cookie") ? COOKIE : sameName(name, "expect") ? EXPECT : -1;
    case 10:
      return sameName(name, "auth-token") ? AUTH_TOKEN : -1;
    case 13:
      return sameName(name, "if-none-match") ? IF_NONE_MATCH : -1;
    case 15:
      return sameName(name, "accept-encoding") ? ACCEPT_ENCODING : sameName(name, "accept-language") ? ACCEPT_LANGUAGE : -1;
    default:
      return -1;
  }
}

/**
 * A hit's headers read off the raw list: node:http builds `req.headers` as an object on its first read, which cost
 * a hit more than its whole check (profiles, issue 35). Null when one of them comes twice: node:http joins or drops
 * repeats by its own rules, so `req.headers` is read instead. The values go to slots of an array, and the answer is
 * built with every field at once: stores by a varying key were megamorphic in a hit's profile.
 */
export function hitHeadersOf(raw: readonly string[]): HitHeaders | null {
  const found: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined];
  for (let i = 0; i < raw.length; i += 2) {
    const slot = slotOf(raw[i]!);
    if (slot < 0) continue;
    if (found[slot] !== undefined) return null;
    found[slot] = raw[i + 1];
  }
  return {
    host: found[HOST],
    cookie: found[COOKIE],
    authToken: found[AUTH_TOKEN],
    acceptEncoding: found[ACCEPT_ENCODING],
    acceptLanguage: found[ACCEPT_LANGUAGE],
    ifNoneMatch: found[IF_NONE_MATCH],
    expect: found[EXPECT],
  };
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
