// Issue 32: the sandbox buyer app's pages and its callback endpoints (/dev/ondc). A person starts a search,
// then follows the transaction: every message sent and received, with its signature's result, and the form
// the lender asks for next, opened from here as a buyer app opens it in its own screens.
import { Hono } from "hono";
import type { BuyerAppMessage, SandboxBuyerApp } from "./buyer-app.ts";
import { SANDBOX_BUYER_APP_BASE } from "./buyer-app.ts";

const CALLBACKS = ["on_search", "on_select", "on_init", "on_confirm", "on_status", "on_update", "on_cancel"];
const ACK = { message: { ack: { status: "ACK" } } };
const NACK = (code: string, message: string) => ({ message: { ack: { status: "NACK" } }, error: { code, message } });

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function createBuyerAppRoutes(app: SandboxBuyerApp) {
  const r = new Hono();
  r.get("/", (c) =>
    c.html(
      page(
        "Sandbox buyer app",
        `<p>This page stands in for a buyer app on ONDC (a payments or banking app). It sends signed requests to SalaryOnTime as a lender on the network and shows the signed answers it gets back.</p>
<form method="post" action="${SANDBOX_BUYER_APP_BASE}/search"><button type="submit">Search for a personal loan</button></form>`,
      ),
    ),
  );
  r.post("/search", async (c) => {
    const { transactionId } = await app.search();
    return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${transactionId}`, 303);
  });
  r.get("/transactions/:id", async (c) => {
    const transaction = await app.transaction(c.req.param("id"));
    if (!transaction) return c.html(page("Transaction not found", `<p role="alert">This buyer app has no transaction with that id.</p>`), 404);
    return c.html(page("Your loan search", transactionBody(c.req.path, transaction.messages)));
  });
  r.get("/terms", (c) =>
    c.html(
      page(
        "Settlement terms",
        `<p>The sandbox buyer app's terms: its finder fee is settled by the lender within 30 days of its invoice. No money moves in the sandbox.</p>`,
      ),
    ),
  );
  for (const action of CALLBACKS) {
    r.post(`/${action}`, async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer());
      const answer = await app.receive(action, body, c.req.header("authorization"));
      if (answer.ack) return c.json(ACK, 200);
      return answer.status === 401 ? c.json(NACK("10001", "The signature does not verify."), 401) : c.json(NACK("10000", "The body is not a callback."), 400);
    });
  }
  return r;
}

type Json = Record<string, unknown>;
const read = (body: string): Json | null => {
  try {
    return JSON.parse(body) as Json;
  } catch {
    return null;
  }
};
const get = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === "object" ? (at as Record<string | number, unknown>)[key] : undefined), value);

/** What the latest catalog offers, and the form it asks for next. */
function offerSummary(messages: BuyerAppMessage[]): string {
  const latest = [...messages].reverse().find((m) => m.direction === "in" && m.action === "on_search" && m.result === "verified");
  if (!latest) return `<p role="status">Waiting for lenders to answer. <a href="">Check for answers</a></p>`;
  const provider = get(read(latest.body), "message", "catalog", "providers", 0);
  const name = String(get(provider, "descriptor", "name") ?? "A lender");
  const item = get(provider, "items", 0);
  const form = get(item, "xinput", "form", "url");
  const heading = String(get(item, "xinput", "head", "descriptor", "name") ?? "the lender's form");
  const link = typeof form === "string" && /^https?:\/\//.test(form) ? `<p><a href="${escape(form)}">Open the form: ${escape(heading)}</a></p>` : "";
  return `<section aria-labelledby="offer"><h2 id="offer">${escape(name)}</h2><p>${escape(String(get(item, "descriptor", "name") ?? ""))}</p>${link}</section>`;
}

function transactionBody(path: string, messages: BuyerAppMessage[]): string {
  const rows = messages
    .map((m) => {
      const pretty = JSON.stringify(read(m.body) ?? m.body, null, 2);
      return `<li><p><strong>${m.direction === "out" ? "Sent" : "Received"} ${escape(m.action)}</strong> at ${escape(m.at)}: ${escape(m.result)}</p>
<details><summary>The message</summary><pre>${escape(pretty)}</pre></details></li>`;
    })
    .join("\n");
  return `${offerSummary(messages)}<h2>Messages</h2><ol class="messages">${rows}</ol><p><a href="${escape(path)}">Check for new messages</a></p>`;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} | ONDC sandbox buyer app</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb}main{max-width:40rem;margin:1rem auto;padding:1rem;background:#fff;border-radius:8px}
button{font-size:1rem;padding:.7rem 1.2rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px;width:100%}a{color:#1d4ed8}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8rem;background:#f4f6fb;padding:.5rem}.messages{padding-left:1.25rem}</style></head>
<body><main><p><strong>ONDC</strong> (sandbox buyer app)</p><h1>${escape(title)}</h1>${body}</main></body></html>`;
}
