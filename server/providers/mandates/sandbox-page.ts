// The sandbox mandate provider's hosted approval page (never mounted in production mode): the customer
// approves, declines or closes, and goes back to the lender's return address.
import { formatPaise } from "../../../core/money.ts";
import { Hono } from "hono";
import { escapeHtml, sandboxPage, sandboxPageCsp } from "../payments/shared.ts";
import { SANDBOX_MANDATE_BASE, type TokenRow } from "./sandbox-shared.ts";

function pageFor(t: TokenRow): string {
  const base = `${SANDBOX_MANDATE_BASE}/${encodeURIComponent(t.registrationId)}`;
  const how = t.method === "upi" ? "UPI Autopay (your UPI app, by intent or QR)" : "e-NACH (net banking or debit card)";
  const open = t.status === "created";
  const facts = `<dl><dt>Mandate</dt><dd>${escapeHtml(how)}</dd><dt>Maximum per debit</dt><dd>${formatPaise(Number(t.maxAmountPaise), { decimals: 2 })}</dd>
<dt>Bank account</dt><dd>XXXXXXXX${escapeHtml(t.accountLast4 ?? "")}</dd><dt>Frequency</dt><dd>As presented</dd></dl>`;
  const form = open
    ? `<form method="post" action="${base}/answer"><button type="submit" name="choice" value="approve">Approve mandate</button>
<button type="submit" name="choice" value="decline" class="secondary">Decline</button>
<button type="submit" name="choice" value="close" class="secondary">Close without answering</button></form>`
    : `<p>This mandate request has already been answered (${escapeHtml(t.status)}).</p>`;
  return sandboxPage({
    gateway: "Razorpay recurring",
    title: "Approve your AutoPay mandate",
    body: `<div class="card">${facts}</div><div class="card">${form}</div>`,
  });
}

export function sandboxMandateRoutes(deps: {
  tokenOf: (registrationId: string) => Promise<TokenRow | null>;
  answer: (registrationId: string, choice: "approve" | "decline" | "close") => Promise<TokenRow | null>;
}) {
  const { tokenOf, answer } = deps;
  const routes = new Hono();
  routes.use("*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
    c.res.headers.set("Content-Security-Policy", sandboxPageCsp());
  });
  routes.get("/:id", async (c) => {
    const t = await tokenOf(c.req.param("id"));
    if (!t) return c.html(sandboxPage({ gateway: "Razorpay recurring", title: "Not found", body: "<p>No such mandate request.</p>" }), 404);
    return c.html(pageFor(t));
  });
  routes.post("/:id/answer", async (c) => {
    const id = c.req.param("id");
    const form = await c.req.parseBody();
    const choice = form.choice === "approve" || form.choice === "decline" || form.choice === "close" ? form.choice : null;
    const before = await tokenOf(id);
    if (!before || !choice) return c.html(sandboxPage({ gateway: "Razorpay recurring", title: "Not found", body: "<p>No such mandate request.</p>" }), 404);
    await answer(id, choice);
    // Back to the lender, as Razorpay's callback_url: the lender asks the provider what happened.
    const outcome = choice === "approve" ? "approved" : choice === "decline" ? "declined" : "closed";
    const target = new URL(before.returnUrl, "http://sandbox.invalid");
    target.searchParams.set("registration_id", id);
    target.searchParams.set("outcome", outcome);
    return c.redirect(before.returnUrl.startsWith("http") ? target.toString() : `${target.pathname}${target.search}`, 303);
  });
  return routes;
}
