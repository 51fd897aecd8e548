// Issue 32: the sandbox buyer app's pages and its callback endpoints (/dev/ondc). A person starts a search,
// then follows the transaction: every message sent and received, with its signature's result, and the form
// the lender asks for next, opened from here as a buyer app opens it in its own screens.
import { Hono } from "hono";
import type { BuyerAppMessage, NextStep, SandboxBuyerApp } from "./buyer-app.ts";
import { nextStep, SANDBOX_BUYER_APP_BASE } from "./buyer-app.ts";
import { SANDBOX_AA_BASE } from "../../../providers/account-aggregator/sandbox.ts";
import { escapeHtml } from "../../../../core/escape-html.ts";

/** A form post the buyer app carries to the lender: the fields and one photo (the lender's own bound is 6 MB). */
const FORM_POST_LIMIT = 7 * 1024 * 1024;

const CALLBACKS = ["on_search", "on_select", "on_init", "on_confirm", "on_status", "on_update", "on_cancel"];
const ACK = { message: { ack: { status: "ACK" } } };
/** The payments a buyer app may ask for on a paid-out loan (update, update_target payments), in its words. */
const SERVICING: Record<string, string> = {
  FORECLOSURE: "Close the loan today",
  PRE_PART_PAYMENT: "Pay part of the loan",
  MISSED_EMI_PAYMENT: "Pay the overdue amount",
};
const NACK = (code: string, message: string) => ({ message: { ack: { status: "NACK" } }, error: { code, message } });

/**
 * `lenderCallbacks`: the lender's ONDC callbacks job (every minute in production), run now by
 * `POST /dev/ondc/lender-callbacks` so a person or a browser test need not wait the minute for its reports.
 */
export function createBuyerAppRoutes(app: SandboxBuyerApp, lenderCallbacks?: () => Promise<unknown>) {
  const r = new Hono();
  r.post("/lender-callbacks", async (c) => {
    if (!lenderCallbacks) return c.json({ ran: false }, 404);
    await lenderCallbacks();
    return c.json({ ran: true });
  });
  r.get("/", (c) =>
    c.html(
      page(
        "Sandbox buyer app",
        `<p>This page stands in for a buyer app on ONDC (a payments or banking app). It sends signed requests to SalaryOnTime as a lender on the network and shows the signed answers it gets back.</p>
<form method="post" action="${SANDBOX_BUYER_APP_BASE}/search"><button type="submit">Search for a personal loan</button></form>
<form method="post" action="${SANDBOX_BUYER_APP_BASE}/search"><input type="hidden" name="flow" value="with-account-aggregator"><p>Or share your bank statement through your account aggregator: the lender asks your consent there instead of on its own page.</p><button type="submit">Search, with account aggregator</button></form>`,
      ),
    ),
  );
  r.post("/search", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const { transactionId } = await app.search({ withAccountAggregator: form.flow === "with-account-aggregator" });
    return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${transactionId}`, 303);
  });
  r.get("/transactions/:id", async (c) => {
    const transaction = await app.transaction(c.req.param("id"));
    if (!transaction) return c.html(page("Transaction not found", `<p role="alert">This buyer app has no transaction with that id.</p>`), 404);
    return c.html(page("Your loan search", transactionBody(c.req.path, transaction.messages)));
  });
  // The lender's text/html form, shown and submitted by the buyer app (it learns the submission id this way).
  r.get("/transactions/:id/form", async (c) => {
    const id = c.req.param("id");
    const shown = await app.form(id, undefined, c.req.header("accept-language"));
    if (shown.kind !== "page") return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${id}`, 303);
    c.header("Cache-Control", "no-store");
    return c.html(shown.html, shown.status === 200 ? 200 : 502);
  });
  r.post("/transactions/:id/form", async (c) => {
    const id = c.req.param("id");
    if (Number(c.req.header("content-length") ?? 0) > FORM_POST_LIMIT) return c.html(page("Too large", `<p role="alert">The form is too large.</p>`), 413);
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > FORM_POST_LIMIT) return c.html(page("Too large", `<p role="alert">The form is too large.</p>`), 413);
    const shown = await app.form(id, { to: c.req.query("to") ?? "", contentType: c.req.header("content-type") ?? "", body }, c.req.header("accept-language"));
    if (shown.kind !== "page") return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${id}`, 303);
    c.header("Cache-Control", "no-store");
    return c.html(shown.html, shown.status === 200 || shown.status === 400 ? shown.status : 502);
  });
  r.post("/transactions/:id/send", async (c) => {
    const id = c.req.param("id");
    await app.proceed(id);
    return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${id}`, 303);
  });
  // The person asks the lender to take a payment on the loan: close it today, part of it, or what is overdue.
  r.post("/transactions/:id/update", async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const label = String(form.label ?? "");
    const amount = String(form.amount ?? "").trim();
    if (SERVICING[label]) await app.service(id, label, label === "PRE_PART_PAYMENT" ? amount : undefined);
    return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${id}`, 303);
  });
  // The person cancels: the application withdrawn, or (paid out) the loan's cooling-off exit.
  r.post("/transactions/:id/cancel", async (c) => {
    const id = c.req.param("id");
    await app.service(id, null);
    return c.redirect(`${SANDBOX_BUYER_APP_BASE}/transactions/${id}`, 303);
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

const money = (value: unknown) =>
  typeof value === "string" && value !== "" && Number.isFinite(Number(value)) ? `₹${Number(value).toLocaleString("en-IN", { minimumFractionDigits: 2 })}` : "";

/** The lender and, once made, its offer: the latest on_select's quote and figures. */
function offerSummary(messages: BuyerAppMessage[]): string {
  const catalog = [...messages].reverse().find((m) => m.direction === "in" && m.action === "on_search" && m.result === "verified");
  if (!catalog) return `<p role="status">Waiting for lenders to answer. <a href="">Check for answers</a></p>`;
  const provider = get(read(catalog.body), "message", "catalog", "providers", 0);
  const name = String(get(provider, "descriptor", "name") ?? "A lender");
  const lines = [`<p>${escapeHtml(String(get(provider, "items", 0, "descriptor", "name") ?? ""))}</p>`];
  const offer = [...messages]
    .reverse()
    .find((m) => m.direction === "in" && m.action === "on_select" && m.result === "verified" && get(read(m.body), "message", "order", "quote"));
  if (offer) {
    const order = get(read(offer.body), "message", "order");
    const line = (title: string) =>
      (get(order, "quote", "breakup") as { title: string; price: { value: string } }[] | undefined)?.find((l) => l.title === title)?.price.value;
    const info = Object.fromEntries(
      ((get(order, "items", 0, "tags", 0, "list") as { descriptor: { code: string }; value: string }[] | undefined) ?? []).map((i) => [
        i.descriptor.code,
        i.value,
      ]),
    );
    const kfs =
      typeof info.KFS_LINK === "string" && /^https?:\/\//.test(info.KFS_LINK) ? `<p><a href="${escapeHtml(info.KFS_LINK)}">Key Fact Statement</a></p>` : "";
    lines.push(`<h3>The offer</h3><dl class="offer"><dt>Loan amount</dt><dd>${money(line("PRINCIPAL"))}</dd><dt>Paid to you</dt><dd>${money(line("NET_DISBURSED_AMOUNT"))}</dd>
<dt>To repay</dt><dd>${money(String(info.INSTALLMENT_AMOUNT ?? "").split(" ")[0])}</dd><dt>Term</dt><dd>${escapeHtml(String(info.TERM ?? ""))}</dd><dt>APR</dt><dd>${escapeHtml(String(info.ANNUAL_PERCENTAGE_RATE ?? ""))}</dd></dl>${kfs}`);
  }
  return `<section aria-labelledby="offer"><h2 id="offer">${escapeHtml(name)}</h2>${lines.join("")}</section>`;
}

/** What the person can do next: fill the lender's form, send it, or follow the lender's page. */
function nextStepHtml(id: string, step: NextStep): string {
  const base = `${SANDBOX_BUYER_APP_BASE}/transactions/${encodeURIComponent(id)}`;
  switch (step.kind) {
    case "wait":
      return "";
    case "refused":
      return `<p role="alert">The lender declined: ${escapeHtml(step.message)} (${escapeHtml(step.code)})</p>`;
    case "fill":
      return `<p><a href="${base}/form">Open the form: ${escapeHtml(step.heading)}</a></p>`;
    case "send":
      if (step.reported)
        return `<form method="post" action="${base}/send"><p role="status">The lender reports form ${escapeHtml(step.formId)}: ${escapeHtml(step.status)} (reference ${escapeHtml(step.submissionId)}).</p><button type="submit">Continue with the lender</button></form>`;
      if (step.consentHandle)
        return `<p>The lender asks your consent at your account aggregator to fetch your bank statement: <a href="${SANDBOX_AA_BASE}/consent/${encodeURIComponent(step.consentHandle)}">Review the consent at the account aggregator</a> (consent ${escapeHtml(step.consentHandle)}).</p>
<form method="post" action="${base}/send"><p>Once you have approved it there, tell the lender.</p><button type="submit">Tell the lender the consent is approved</button></form>`;
      return `<form method="post" action="${base}/send"><p>${
        step.status === "SUCCESS"
          ? `Form ${escapeHtml(step.formId)} is filled in (reference ${escapeHtml(step.submissionId)}).`
          : `The lender has received form ${escapeHtml(step.formId)} and is waiting for your go-ahead.`
      }</p><button type="submit">${step.status === "SUCCESS" ? "Send the form to the lender" : "Ask the lender for the offer"}</button></form>`;
    case "redirect":
      return `<p>Next, on the lender's own page: <a href="${escapeHtml(step.url)}">${escapeHtml(step.heading)}</a></p>`;
    case "confirmed":
      return `<p role="status">The lender has the order ${escapeHtml(step.orderId)}: the loan is ${escapeHtml(step.state)}.</p>${
        step.declined ? `<p role="alert">The lender declined: ${escapeHtml(step.declined.message)} (${escapeHtml(step.declined.code)})</p>` : ""
      }${paymentHtml(step.payment)}${step.state === "DISBURSED" ? servicingForm(base) : ""}${cancelForm(base, step.state)}`;
    case "reported":
      return `<p role="status">The lender reports form ${escapeHtml(step.formId)}: ${escapeHtml(step.status)} (reference ${escapeHtml(step.submissionId)}).</p>`;
  }
}

/** The payment the lender answered an update with: where to pay it, or that it is paid. */
function paymentHtml(payment: Extract<NextStep, { kind: "confirmed" }>["payment"]): string {
  if (!payment) return "";
  const what = `${escapeHtml(SERVICING[payment.label] ?? payment.label)}: ${money(payment.amount)}`;
  if (payment.status === "PAID") return `<p role="status">The lender reports it paid. ${what}.</p>`;
  return payment.url ? `<p>${what}. <a href="${escapeHtml(payment.url)}">Pay on the lender's page</a></p>` : "";
}

/** Asking the lender to take a payment on the loan. */
function servicingForm(base: string): string {
  const choices = Object.entries(SERVICING)
    .map(
      ([label, words], i) =>
        `<div><input type="radio" id="pay-${label}" name="label" value="${label}"${i === 0 ? " checked" : ""}><label for="pay-${label}">${escapeHtml(words)}</label></div>`,
    )
    .join("");
  return `<form method="post" action="${base}/update"><fieldset><legend>Ask the lender to take a payment</legend>${choices}
<p><label for="pay-amount">Amount for a part payment (₹)</label><br><input id="pay-amount" name="amount" inputmode="decimal" autocomplete="off"></p></fieldset>
<button type="submit">Ask the lender</button></form>`;
}

/** Cancelling: the application before the payout, the loan (repaid now, its cooling-off exit) after it. */
function cancelForm(base: string, state: string): string {
  if (!["PENDING", "SANCTIONED", "DISBURSED"].includes(state)) return "";
  const words = state === "DISBURSED" ? "Cancel the loan (repay it now)" : "Cancel the application";
  return `<form method="post" action="${base}/cancel"><button type="submit">${words}</button></form>`;
}

function transactionBody(path: string, messages: BuyerAppMessage[]): string {
  const id = path.split("/").at(-1) ?? "";
  const rows = messages
    .map((m) => {
      const pretty = JSON.stringify(read(m.body) ?? m.body, null, 2);
      const what = m.direction === "form" ? `Form ${escapeHtml(m.action)} submitted` : `${m.direction === "out" ? "Sent" : "Received"} ${escapeHtml(m.action)}`;
      return `<li><p><strong>${what}</strong> at ${escapeHtml(m.at)}: ${escapeHtml(m.result)}</p>
<details><summary>The message</summary><pre>${escapeHtml(pretty)}</pre></details></li>`;
    })
    .join("\n");
  // The flow with account aggregator, before the lender answered F01: what to give as the aggregator id.
  const aaNote =
    messages[0]?.withAccountAggregator && !messages.some((m) => m.action === "on_select")
      ? `<p>You chose the flow with account aggregator: in the lender's form, give your account aggregator id (in this sandbox, your mobile number followed by @sandbox).</p>`
      : "";
  return `${offerSummary(messages)}${aaNote}<section aria-labelledby="next"><h2 id="next">Next step</h2>${nextStepHtml(id, nextStep(messages)) || `<p role="status">Waiting for the lender. <a href="${escapeHtml(path)}">Check for answers</a></p>`}</section><h2>Messages</h2><ol class="messages">${rows}</ol><p><a href="${escapeHtml(path)}">Check for new messages</a></p>`;
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ONDC sandbox buyer app</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fb}main{max-width:40rem;margin:1rem auto;padding:1rem;background:#fff;border-radius:8px;overflow-wrap:anywhere}
button{font-size:1rem;padding:.7rem 1.2rem;background:#1d4ed8;color:#fff;border:0;border-radius:4px;width:100%}a{color:#1d4ed8}
dl.offer{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}dd{margin:0}form{margin:1rem 0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8rem;background:#f4f6fb;padding:.5rem}.messages{padding-left:1.25rem}</style></head>
<body><main><p><strong>ONDC</strong> (sandbox buyer app)</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
