// What the page cache's tests share: a script's CSP hash and an access log kept as objects.
import { createHash } from "node:crypto";
import type { AccessLine, AccessLogOf } from "../../logger.ts";

/** The CSP source of an inline script's SHA-256. */
export const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

/** An access log that keeps its lines as objects. */
export const collecting =
  (lines: AccessLine[]): AccessLogOf =>
  (fixed) =>
  (reqId, ms) =>
    lines.push({ ...fixed, reqId, ms });
