import type { SandboxStore } from "../sandbox-store.ts";
// What the three payment gateways share: errors, webhook delivery, constant-time
// comparison and the frame of the sandbox pages.
import { randomInt, timingSafeEqual } from "node:crypto";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import { escapeHtml } from "../../../core/escape-html.ts";

export type { PaymentGatewayName };

export type PaymentGatewayErrorCode = "invalid_request" | "not_found" | "unauthorized" | "provider_error";

/** A gateway refused or failed a call. The message names the gateway and HTTP status, never a body or personal data. */
export class PaymentGatewayError extends Error {
  readonly gateway: PaymentGatewayName;
  readonly code: PaymentGatewayErrorCode;
  constructor(gateway: PaymentGatewayName, code: PaymentGatewayErrorCode, message: string) {
    super(message);
    this.gateway = gateway;
    this.code = code;
  }
}

/** One webhook as the gateway sends it: the raw bytes (signatures cover them) and the headers, lower-cased. */
export interface WebhookDelivery {
  rawBody: string;
  headers: Record<string, string>;
  /** The secret in the notification URL's query, where the gateway signs nothing itself (PayU's refund callback). */
  urlToken?: string | null;
}
export type WebhookReceiver = (delivery: WebhookDelivery) => Promise<void>;

/**
 * Constant-time comparison of two hex digests. The given value must be hex only: Buffer.from(…, "hex")
 * stops at the first bad character, so "abc…zz" would otherwise pass as "abc…".
 */
export function safeEqualHexDigest(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== "string" || !/^[0-9a-fA-F]+$/.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), "ascii"), Buffer.from(given.toLowerCase(), "ascii"));
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** A random id in the gateways' style, e.g. order_ + 14 base62 characters. */
export function randomId(prefix: string, length = 14): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += BASE62[randomInt(0, 62)];
  return out;
}

export { escapeHtml };

/** The Content-Security-Policy of a sandbox page: scripts only from our origin, forms only to the listed origins. */
export function sandboxPageCsp(formActions: string[] = []): string {
  const targets = [...new Set(formActions)].map((o) => (o === "'self'" ? o : o.replace(/[;\s]/g, ""))).join(" ");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${targets}`.trim(),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The frame of every sandbox gateway page: language, viewport for 360 px, one h1, a visible sandbox badge. */
export function sandboxPage(options: { gateway: string; title: string; body: string; scripts?: string[] }): string {
  const scripts = (options.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(options.title)} | ${escapeHtml(options.gateway)} sandbox</title>
<style>*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:1rem}.card{background:#fff;border:1px solid #d5dbe6;border-radius:8px;padding:1rem;margin-bottom:1rem}
.badge{display:inline-block;background:#7a3e00;color:#fff;padding:.1rem .5rem;border-radius:4px;font-size:.85rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .5rem}fieldset{border:1px solid #d5dbe6;border-radius:6px;margin:0 0 1rem;padding:.5rem 1rem}
legend{font-weight:600;padding:0 .25rem}label{display:block;padding:.35rem 0;min-height:44px}
button{background:#0b5394;color:#fff;border:0;border-radius:6px;padding:.7rem 1.2rem;font-size:1rem;cursor:pointer;min-height:44px;width:100%;margin:.25rem 0}
button.secondary{background:#fff;color:#0b5394;border:1px solid #0b5394}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}.error{background:#fde8e8;color:#8a1212;padding:.6rem;border-radius:6px}a{color:#0b5394}</style></head>
<body><main><p><span class="badge">${escapeHtml(options.gateway)} sandbox</span> This page stands in for the payment gateway. No money moves.</p>
<h1>${escapeHtml(options.title)}</h1>${options.body}</main>${scripts}</body></html>`;
}

/** JSON over fetch with a timeout; errors carry the HTTP status only. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A fetch that answers calls to `mountUrl` from the sandbox's own Hono routes, in process: the production
 * adapter runs unchanged in sandbox mode, and nothing needs the server to be listening (tests use app.request).
 */
export function inProcessFetch(routes: { request: (input: string, init?: RequestInit) => Response | Promise<Response> }, mountUrl: string): typeof fetch {
  const base = mountUrl.replace(/\/$/, "");
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    if (!url.startsWith(`${base}/`)) throw new Error("The sandbox fetch only reaches its own gateway");
    const { signal: _signal, ...rest } = init ?? {};
    return routes.request(`http://sandbox.invalid${url.slice(base.length)}`, rest);
  }) as typeof fetch;
}

/**
 * The sandboxes' state between requests, by kind, in the sandbox store (the database when the server runs),
 * so a checkout started on one instance is finished on another. Records last 30 days.
 */
export function storeMap<V>(store: SandboxStore, kind: string) {
  const TTL_MS = 30 * 24 * 60 * 60 * 1000;
  return {
    get: async (key: string) => (await store.get<V>(kind, key)) ?? undefined,
    has: async (key: string) => (await store.get<V>(kind, key)) !== null,
    set: (key: string, value: V) => store.put<V>(kind, key, value, TTL_MS),
    /** Only if absent: false when the key is taken. */
    add: (key: string, value: V) => store.add<V>(kind, key, value, TTL_MS),
    /** Replaces only while the stored `status` is `expected`: one winner across instances. */
    swap: (key: string, expected: string, value: V) => store.swap<V>(kind, key, expected, value),
  };
}
