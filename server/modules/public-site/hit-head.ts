// A cached hit's header block, built once per page and encoding instead of by writeHead on every
// request: writeHead checks and joins the hit's 15 headers each time, about 2 µs of a hit that costs
// node:http 15-20 µs in all. Per request only the request id, the Date and node:http's keep-alive
// lines are put in, in the order and spelling writeHead gives them (page-cache-node.test.ts compares the two).
import { STATUS_CODES, validateHeaderName, validateHeaderValue, type ServerResponse } from "node:http";

/** The block around the request id's value: `before` ends with `X-Request-Id: `, `after` ends with the last header's line. */
export interface HitHead {
  before: string;
  after: string;
  /** `after` with the closing lines (Date, keep-alive, the blank line), made for the Date and keep-alive lines it names. */
  tail?: { date: string; keepAlive: string; text: string };
}

/**
 * The same text as one flat string. A string built by `+=` is a tree of pieces that V8 joins only when it is written
 * out, and a request's block, made from it, was joined again on every hit: in profiles of a hit, joining its head
 * took twice what writeHead's fresh block took in the floor's.
 */
const flat = (text: string) => Buffer.from(text, "latin1").toString("latin1");

/** The header block of `status` with `headers` ([name, value, ...]), split at the value in `requestIdAt`; names and values checked as writeHead checks them. */
export function hitHead(status: number, headers: readonly string[], requestIdAt: number): HitHead {
  let before = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  let after = "";
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    validateHeaderName(name);
    if (i + 1 === requestIdAt) {
      before += `${name}: `;
      after = "\r\n";
      continue;
    }
    const value = headers[i + 1]!;
    validateHeaderValue(name, value);
    if (after) after += `${name}: ${value}\r\n`;
    else before += `${name}: ${value}\r\n`;
  }
  return { before: flat(before), after: flat(after) };
}

/**
 * node:http's own fields of a response that decide the lines writeHead adds after the headers. `_header` is the
 * block it writes: set before end(), end() sends it ahead of the body as writeHead's would be.
 */
interface NodeResponseFields {
  _header: string | null;
  _keepAliveTimeout?: number;
  _maxRequestsPerSocket?: number;
  maxRequestsOnConnectionReached?: boolean;
}

/** The Date line, made once a second as node:http makes its own. */
let dateLine = "";
let dateUntil = 0;
function dateLineAt(now: number): string {
  if (now >= dateUntil) {
    dateUntil = now - (now % 1000) + 1000;
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
  }
  return dateLine;
}

/** The keep-alive lines for one server's settings (a server keeps them: one slot is enough). */
let keepAliveFor = { timeout: -1, max: -1, lines: "" };
function keepAliveLines(timeoutMs: number, max: number): string {
  if (keepAliveFor.timeout !== timeoutMs || keepAliveFor.max !== max) {
    const timeout = timeoutMs ? `Keep-Alive: timeout=${Math.floor(timeoutMs / 1000)}${max > 0 ? `, max=${max}` : ""}\r\n` : "";
    keepAliveFor = { timeout: timeoutMs, max, lines: `Connection: keep-alive\r\n${timeout}` };
  }
  return keepAliveFor.lines;
}

/**
 * Puts the hit's block on `res` for end() to send, and answers true; or answers false, leaving `res` untouched,
 * when writeHead would not add exactly the usual lines (a connection that closes after this answer, a request
 * with an Expect header, a server that sends no Date): the caller then uses writeHead.
 */
export function putHitHead(res: ServerResponse, head: HitHead, requestId: string, expect: string | undefined): boolean {
  const fields = res as ServerResponse & NodeResponseFields;
  if (!res.shouldKeepAlive || !res.sendDate || fields.maxRequestsOnConnectionReached || expect !== undefined || fields._header) return false;
  const date = dateLineAt(Date.now());
  const keepAlive = keepAliveLines(fields._keepAliveTimeout ?? 0, fields._maxRequestsPerSocket ?? 0);
  // The tail changes once a second (its Date): made flat then, so a hit joins three flat strings.
  let tail = head.tail;
  if (tail?.date !== date || tail.keepAlive !== keepAlive) head.tail = tail = { date, keepAlive, text: flat(`${head.after}${date}${keepAlive}\r\n`) };
  fields._header = head.before + requestId + tail.text;
  return true;
}
