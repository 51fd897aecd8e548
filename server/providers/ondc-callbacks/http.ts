// Issue 32: callbacks over HTTP, with fetch. A buyer app must answer at once (ACK or NACK), so a slow one
// is given up on after a few seconds and tried again by the outbox.
import type { OndcCallbackPort } from "./port.ts";

/** How much of an answer is read: an ACK or NACK is small; more is not read into memory. */
const MAX_ANSWER_CHARS = 8192;

export function createHttpCallbacks(config: { fetch?: typeof fetch; timeoutMs?: number } = {}): OndcCallbackPort {
  const call = config.fetch ?? fetch;
  return {
    async post({ url, body, authorization }) {
      const response = await call(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", authorization },
        body: Buffer.from(body),
        redirect: "manual",
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      return { status: response.status, text: text.slice(0, MAX_ANSWER_CHARS) };
    },
  };
}
