// A fetch stand-in for provider adapter tests: answers the queued replies in order and records each call.
import { readFileSync } from "node:fs";

export type FakeReply = { status?: number; json?: unknown; text?: string; bytes?: Uint8Array; contentType?: string };

export interface RecordedCall {
  url: string;
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: RequestInit["body"];
}

export function fakeFetch(...replies: FakeReply[]) {
  const calls: RecordedCall[] = [];
  const fn = (async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(input), method: init.method ?? "GET", headers: Object.fromEntries(new Headers(init.headers)), body: init.body });
    const reply = replies[calls.length - 1];
    if (!reply) throw new Error(`Unexpected call ${calls.length}: ${String(input)}`);
    const status = reply.status ?? 200;
    if (reply.bytes)
      return new Response(reply.bytes as Uint8Array<ArrayBuffer>, { status, headers: { "content-type": reply.contentType ?? "application/octet-stream" } });
    const body = reply.text ?? JSON.stringify(reply.json ?? {});
    return new Response(body, { status, headers: { "content-type": reply.contentType ?? "application/json" } });
  }) as typeof fetch;
  return { fetch: fn, calls };
}

/** Reads a JSON fixture beside the test: fixture(import.meta.url, "name.json"). */
export function fixture<T = Record<string, unknown>>(testUrl: string, name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, testUrl), "utf8")) as T;
}
