// Structured one-line JSON logs. Personal data is masked before anything is written.
import { ACCESS_LINE, batchedOutput, type LogOutput } from "./log-output.ts";
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * The access-log line of one request, at info: the same JSON as `info("request", line)`, written
   * without the generic redaction's copies because every request has one, cache hits included.
   */
  request(line: AccessLine): void;
  /**
   * The access-log writer of one method, path and status, for requests whose id the server drew itself
   * (a UUID: nothing in it to mask). The line's fixed part is built and masked once; each call writes the
   * same line request() would. Cache hits use it: a microsecond per hit is a tenth of their throughput.
   */
  requestOf: AccessLogOf;
}

/** See Logger.requestOf. */
export type AccessLogOf = (fixed: Omit<AccessLine, "reqId" | "ms">) => (ownReqId: string, ms: number) => void;

/** An access-log line's fields (the path only: a query string can carry personal data). */
export interface AccessLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

const SENSITIVE_KEYS =
  /^(otp|code|token|auth-token|app_login_token|password|file_password|pancard|pan|pannumber|aadhaar_no|aadhar_no|account_number|confirm_account_number|account|cookie|authorization|secret|key|file|query|params|parameters|detail|body|text)$/i;

/** Every pattern below needs at least four digits in a row; most log text has none. */
const FOUR_DIGITS = /\d{4}/;

/** Masks mobile numbers, PANs, Aadhaar and account-like digit runs inside free text. */
export function maskText(text: string): string {
  if (!FOUR_DIGITS.test(text)) return text;
  return text
    .replace(/\b[A-Z]{5}[0-9]{4}[A-Z]\b/gi, "[PAN]")
    .replace(/\b\d{4}\s?\d{4}\s?\d{4}\b/g, "[AADHAAR]")
    .replace(/(?<![\w+])(?:\+?91[- ]?)?([6-9]\d{9})(?!\d)/g, (_m, n: string) => `******${n.slice(6)}`)
    .replace(/\b\d{9,18}\b/g, "[NUMBER]");
}

/** SQLSTATE classes whose messages quote the refused value (22 data exception, 23 integrity). */
const VALUE_QUOTING_SQLSTATE = /^2[23]/;

/**
 * An error as a log sees it: name, SQLSTATE, message and stack frames, never the failed query's
 * parameters or a driver's `detail`/`where` (they carry what the customer sent, an SMS text with
 * its code, ...). Drizzle writes "Failed query: <sql>\nparams: <values>" into the message (and so
 * into the stack's first line): the params part is cut, and the stack keeps only its frames.
 */
function describeError(error: Error, depth: number): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  let message = error.message.replace(/\nparams:[\s\S]*$/, "");
  if (/^Failed query:/.test(message)) message = message.slice(0, 500);
  if (typeof code === "string" && VALUE_QUOTING_SQLSTATE.test(code)) message = message.replace(/"[^"]*"/g, '"…"');
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 6);
  const described: Record<string, unknown> = { name: error.name, message: maskText(message) };
  if (typeof code === "string" && code.length <= 32) described.code = code;
  if (frames.length) described.stack = frames.map(maskText).join("\n");
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error && depth < 5) described.cause = describeError(cause, depth + 1);
  return described;
}

/** Whether a key's value is never logged, remembered per key (an access-log line asks the same five on every request). */
const sensitiveKeys = new Map<string, boolean>();
function isSensitiveKey(key: string): boolean {
  let sensitive = sensitiveKeys.get(key);
  if (sensitive === undefined) {
    sensitive = SENSITIVE_KEYS.test(key);
    if (sensitiveKeys.size < 1000) sensitiveKeys.set(key, sensitive);
  }
  return sensitive;
}

/** Copies an object's fields into `into`, sensitive ones replaced and text masked. */
function redactFields(into: Record<string, unknown>, fields: object, depth: number) {
  for (const [k, field] of Object.entries(fields)) {
    const v = isSensitiveKey(k) ? "[REDACTED]" : redact(field, depth + 1);
    // A "__proto__" key stays an own field (plain assignment would set the prototype).
    if (k === "__proto__") Object.defineProperty(into, k, { value: v, enumerable: true, writable: true, configurable: true });
    else into[k] = v;
  }
  return into;
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return "[…]";
  if (typeof value === "string") return maskText(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return describeError(value, depth);
  if (value && typeof value === "object") return redactFields({}, value, depth);
  return value;
}

/** The ISO time of a line, formatted once per millisecond (many lines share one under load). */
let isoMs = -1;
let iso = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMs) {
    isoMs = now;
    iso = new Date(now).toISOString();
  }
  return iso;
}

let stdoutOutput: LogOutput | undefined;
/** Writes a chunk to standard output; done with it when nothing is left pending there (a file or a terminal is written at once). */
const toStdout = (chunk: Buffer) => {
  process.stdout.write(chunk);
  return process.stdout.writableLength === 0;
};

/**
 * A logger at `level`, writing to standard output in batches (log-output.ts), or to `output`: a LogOutput, or a
 * function given each line (tests).
 */
export function createLogger(level: LogLevel, output: LogOutput | ((line: string) => void) = (stdoutOutput ??= batchedOutput(toStdout))): Logger {
  const min = order[level];
  const batch = typeof output === "function" ? undefined : output;
  const write = typeof output === "function" ? output : (line: string) => output.line(line);
  const log = (lvl: Exclude<LogLevel, "silent">) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    const line: Record<string, unknown> = { time: isoNow(), level: lvl, msg: maskText(msg) };
    // A plain fields object is redacted straight into the line (no copy to spread).
    if (fields && !Array.isArray(fields) && !(fields instanceof Error)) redactFields(line, fields, 0);
    else if (fields) Object.assign(line, redact(fields));
    write(JSON.stringify(line));
  };
  const q = JSON.stringify;
  // None of these keys is a sensitive one; the text fields are masked as redact() would.
  const request = (l: AccessLine) => {
    if (order.info < min) return;
    write(
      `${ACCESS_LINE.start}${isoNow()}${ACCESS_LINE.afterTime}${q(maskText(l.reqId))},"method":${q(maskText(l.method))},"path":${q(maskText(l.path))},"status":${q(l.status)},"ms":${q(l.ms)}}`,
    );
  };
  const requestOf: AccessLogOf = (fixed) => {
    if (order.info < min) return () => {};
    const tail = `,"method":${q(maskText(fixed.method))},"path":${q(maskText(fixed.path))},"status":${q(fixed.status)},"ms":`;
    if (batch) {
      const tailBytes = Buffer.from(tail);
      return (ownReqId, ms) => batch.accessLine(isoNow(), ownReqId, tailBytes, ms);
    }
    return (ownReqId, ms) => write(`${ACCESS_LINE.start}${isoNow()}${ACCESS_LINE.afterTime}"${ownReqId}"${tail}${ms}}`);
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error"), request, requestOf };
}
