// A local PayU (off in production mode), mounted under /sandbox/payu:
// - POST /_payment takes the checkout form, refuses a wrong hash as PayU does, and shows a hosted page;
// - the customer picks success, failure or cancel; the answer, with its reverse hash, is posted back to
//   surl/furl (curl for a cancel when given) by a form the page submits from an external script;
// - "Pay, then close the tab": the money is taken and the browser never returns; PayU's server-to-server
//   notification (form-encoded, the same fields and reverse hash) goes to the receiver, unless the
//   customer picks the variant where that notification is lost (then only reconciliation finds it);
// - POST /merchant/postservice.php?form=2 answers verify_payment in PayU's shape.
import { formatPaise, parseRupees, rupeeText } from "../../../../core/money.ts";
import { randomInt } from "node:crypto";
import { Hono, type Context } from "hono";
import { createMemorySandboxStore, type SandboxStore } from "../../sandbox-store.ts";
import { escapeHtml, inProcessFetch, randomId, safeEqualHexDigest, sandboxPage, sandboxPageCsp, storeMap, type WebhookReceiver } from "../shared.ts";
import { isIsoDate } from "../../../../core/calendar.ts";
import { sandboxCaptureIndex, sandboxSettlementFigures, sandboxSettlementRef } from "../settlement.ts";
import { verifyPayuSettlementAuthorization, type PayuSettlement } from "./settlement-range.ts";
import { PAYU_AMOUNT, PAYU_TXNID, payuCommandHash, payuRequestHash, payuRefundNotifyToken } from "./port.ts";
import { addedOn, createSandboxPayuRefunds } from "./sandbox-refunds.ts";
import { createPayuGateway } from "./payu.ts";
import { answer, SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, verifyPaymentDetail, type SandboxTxn } from "./sandbox-txn.ts";

export const SANDBOX_PAYU_BASE = "/sandbox/payu";
export { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from "./sandbox-txn.ts";

const RETURN_SCRIPT = `// Posts PayU's answer back to the merchant, as the real hosted page does. The button is the fallback.
document.addEventListener("DOMContentLoaded", function () {
  var form = document.getElementById("payu-return");
  if (form) form.submit();
});
`;

type Outcome = "success" | "failure" | "cancel" | "close_tab" | "close_tab_lost";
const OUTCOMES: readonly string[] = ["success", "failure", "cancel", "close_tab", "close_tab_lost"];
const MODES: Record<string, string> = { UPI: "UPI", CC: "Credit or debit card", NB: "Net banking" };

const REQUIRED = ["key", "txnid", "amount", "productinfo", "firstname", "email", "phone", "surl", "furl", "hash"] as const;

/** What the sandbox's routes share: its stored transactions, captures and refunds, and the notification. */
interface PayuSandboxState {
  now: () => Date;
  byTxnid: ReturnType<typeof storeMap<SandboxTxn>>;
  byToken: ReturnType<typeof storeMap<string>>;
  byMihpayid: ReturnType<typeof storeMap<string>>;
  captures: ReturnType<typeof sandboxCaptureIndex>;
  refunds: ReturnType<typeof createSandboxPayuRefunds>;
  notify(txn: SandboxTxn): Promise<void>;
}

const errorPage = (c: Context, reason: string) =>
  c.html(
    sandboxPage({
      gateway: "PayU",
      title: "Sorry, some problem occurred",
      body: `<div class="card"><p class="error" role="alert">Error Reason: ${escapeHtml(reason)}</p><p>Please go back to the merchant and try again.</p></div>`,
    }),
    400,
    { "Content-Security-Policy": sandboxPageCsp() },
  );

/** The browser's side: the checkout form, the hosted page and the answer posted back to the merchant. */
function hostedPages(routes: Hono, s: PayuSandboxState) {
  const { now, byTxnid, byToken, byMihpayid, captures, notify } = s;
  routes.get("/return.js", (c) => c.body(RETURN_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));

  routes.post("/_payment", async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    const missing = REQUIRED.find((name) => !fields[name]);
    if (missing) return errorPage(c, `Mandatory param ${missing} is missing`);
    if (fields.key !== SANDBOX_PAYU_KEY) return errorPage(c, "Invalid merchant key");
    if (!PAYU_TXNID.test(fields.txnid!)) return errorPage(c, "Invalid txnid");
    if (!PAYU_AMOUNT.test(fields.amount!) || (parseRupees(fields.amount) ?? 0) < 100) return errorPage(c, "Invalid amount");
    for (const name of ["surl", "furl", "curl"]) {
      if (fields[name] && !/^https?:\/\/[^\s]+$/.test(fields[name]!)) return errorPage(c, `Invalid ${name}`);
    }
    const expected = payuRequestHash(SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, {
      txnid: fields.txnid!,
      amount: fields.amount!,
      productinfo: fields.productinfo!,
      firstname: fields.firstname!,
      email: fields.email!,
      udf1: fields.udf1,
      udf2: fields.udf2,
      udf3: fields.udf3,
      udf4: fields.udf4,
      udf5: fields.udf5,
    });
    if (!safeEqualHexDigest(expected, fields.hash)) return errorPage(c, "Transaction failed due to incorrectly calculated hash parameter.");
    const existing = await byTxnid.get(fields.txnid!);
    if (existing && existing.status !== "pending") return errorPage(c, "Duplicate transaction ID: this txnid was already used.");
    const token = randomId("", 32);
    const mihpayid = String(403993715500000000n + BigInt(randomInt(0, 2 ** 40)));
    await byMihpayid.set(mihpayid, fields.txnid!);
    await byTxnid.set(fields.txnid!, {
      token,
      fields,
      amountPaise: parseRupees(fields.amount)!,
      status: "pending",
      unmappedstatus: "initiated",
      mihpayid,
      mode: "",
      addedon: addedOn(now()),
      errorMessage: "",
    });
    await byToken.set(token, fields.txnid!);
    // Post, redirect, get: a reload of the hosted page never re-posts the form.
    return c.redirect(`${SANDBOX_PAYU_BASE}/_payment/${token}`, 303);
  });

  const pending = async (token: string) => {
    const txnid = await byToken.get(token);
    const txn = txnid ? await byTxnid.get(txnid) : undefined;
    return txn && txn.token === token ? txn : null;
  };

  routes.get("/_payment/:token", async (c) => {
    const txn = await pending(c.req.param("token"));
    if (!txn) return errorPage(c, "This payment session is unknown or has expired.");
    if (txn.status !== "pending") return errorPage(c, "This payment is already complete.");
    const f = txn.fields;
    const modes = Object.entries(MODES)
      .map(([value, label], i) => `<label><input type="radio" name="mode" value="${value}"${i === 0 ? " checked" : ""}> ${escapeHtml(label)}</label>`)
      .join("");
    const body = `<div class="card"><h2>Payment details</h2><dl><dt>Amount</dt><dd>${escapeHtml(formatPaise(txn.amountPaise, { decimals: 2 }))}</dd>
<dt>For</dt><dd>${escapeHtml(f.productinfo!)}</dd><dt>Name</dt><dd>${escapeHtml(f.firstname!)}</dd><dt>Transaction</dt><dd>${escapeHtml(f.txnid!)}</dd></dl></div>
<form class="card" method="post" action="${SANDBOX_PAYU_BASE}/_payment/${escapeHtml(txn.token)}">
<fieldset><legend>Payment method</legend>${modes}</fieldset>
<fieldset><legend>Result to simulate</legend>
<label><input type="radio" name="outcome" value="success" checked> Payment succeeds</label>
<label><input type="radio" name="outcome" value="failure"> Payment fails</label>
<label><input type="radio" name="outcome" value="cancel"> Customer cancels</label>
<label><input type="radio" name="outcome" value="close_tab"> Pay, then close the tab</label>
<label><input type="radio" name="outcome" value="close_tab_lost"> Pay, then close the tab (server notification lost)</label></fieldset>
<button type="submit">Continue</button></form>`;
    return c.html(sandboxPage({ gateway: "PayU", title: "Complete your payment", body }), 200, { "Content-Security-Policy": sandboxPageCsp() });
  });

  routes.post("/_payment/:token", async (c) => {
    const txn = await pending(c.req.param("token"));
    if (!txn) return errorPage(c, "This payment session is unknown or has expired.");
    if (txn.status !== "pending") return errorPage(c, "This payment is already complete.");
    const form = await c.req.parseBody();
    const outcome = (typeof form.outcome === "string" && OUTCOMES.includes(form.outcome) ? form.outcome : "success") as Outcome;
    const paid = outcome === "success" || outcome === "close_tab" || outcome === "close_tab_lost";
    txn.mode = typeof form.mode === "string" && form.mode in MODES ? form.mode : "UPI";
    txn.status = paid ? "success" : "failure";
    txn.unmappedstatus = paid ? "captured" : outcome === "cancel" ? "userCancelled" : "failed";
    txn.errorMessage = paid ? "No Error" : outcome === "cancel" ? "Cancelled by user" : "Bank was unable to authenticate (sandbox)";
    txn.addedon = addedOn(now());
    // One answer per transaction, even when two instances receive one each.
    if (!(await byTxnid.swap(txn.fields.txnid!, "pending", txn))) return errorPage(c, "This payment is already complete.");
    if (paid) await captures.captured(txn.fields.txnid!);
    // The notification is sent where the browser does not come back (the return covers the other
    // outcomes in this sandbox, and tests of the return stay about the return); "lost" sends none.
    if (outcome === "close_tab") await notify(txn);
    if (outcome === "close_tab" || outcome === "close_tab_lost") {
      // The customer closed the tab: no form back to the merchant, no redirect.
      const body = `<div class="card"><p role="status">Payment of ${escapeHtml(formatPaise(txn.amountPaise, { decimals: 2 }))} received (transaction ${escapeHtml(txn.fields.txnid!)}).</p>
<p>You may close this tab. The merchant is not told by your browser${outcome === "close_tab_lost" ? ", and in this simulation PayU's server notification is lost too" : ""}.</p></div>`;
      return c.html(sandboxPage({ gateway: "PayU", title: "Payment received", body }), 200, { "Content-Security-Policy": sandboxPageCsp() });
    }
    const target = outcome === "success" ? txn.fields.surl! : outcome === "cancel" && txn.fields.curl ? txn.fields.curl : txn.fields.furl!;
    const inputs = Object.entries(answer(txn))
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("");
    const body = `<form id="payu-return" class="card" method="post" action="${escapeHtml(target)}">${inputs}
<p role="status">Payment ${outcome === "success" ? "succeeded" : outcome === "cancel" ? "was cancelled" : "failed"}. Taking you back to the merchant…</p>
<button type="submit">Return to the merchant</button></form>`;
    return c.html(sandboxPage({ gateway: "PayU", title: "Returning you to the merchant", body, scripts: [`${SANDBOX_PAYU_BASE}/return.js`] }), 200, {
      "Content-Security-Policy": sandboxPageCsp([new URL(target).origin]),
    });
  });
}

/** The merchant's side: verify_payment and the refund commands, and the settlement report. */
function merchantApi(routes: Hono, s: PayuSandboxState) {
  const { byTxnid, captures, refunds } = s;
  routes.post("/merchant/postservice.php", async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const get = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
    const [key, command, var1, hash] = [get("key"), get("command"), get("var1"), get("hash")];
    if (key !== SANDBOX_PAYU_KEY || !safeEqualHexDigest(payuCommandHash(key, command, var1, SANDBOX_PAYU_SALT), hash))
      return c.json({ status: 0, msg: "Invalid Hash." });
    const refundAnswer = await refunds.answer(command, var1, get);
    if (refundAnswer) return c.json(refundAnswer);
    if (command !== "verify_payment") return c.json({ status: 0, msg: "Invalid command" });
    const ids = var1.split("|").filter(Boolean);
    const details: Record<string, Record<string, string>> = {};
    let found = 0;
    for (const txnid of ids) {
      const txn = await byTxnid.get(txnid);
      if (!txn) {
        details[txnid] = { mihpayid: "Not Found", status: "Not Found" };
        continue;
      }
      found++;
      details[txnid] = verifyPaymentDetail(txn, txnid);
    }
    return c.json({ status: found ? 1 : 0, msg: `${found} out of ${ids.length} Transactions Fetched Successfully`, transaction_details: details });
  });

  // The Settlement Details Range API: the day's settlement (T+1, 11:00 India time) of the day before's captures and refunds.
  routes.post("/settlement/range", async (c) => {
    const body = await c.req.text();
    if (!verifyPayuSettlementAuthorization(SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT, body, c.req.header("date") ?? "", c.req.header("authorization")))
      return c.json({ status: 1, message: "Authentication failed", result: null }, 401);
    let request: { dateFrom?: unknown; dateTo?: unknown; page?: unknown; pageSize?: unknown };
    try {
      request = JSON.parse(body);
    } catch {
      return c.json({ status: 1, message: "Invalid request", result: null }, 400);
    }
    const on = String(request.dateFrom ?? "");
    if (!isIsoDate(on) || request.dateTo !== on)
      return c.json({ status: 1, message: "The sandbox reports one day at a time (dateFrom = dateTo)", result: null }, 400);
    const txnids = (await captures.settledOn(on)) ?? [];
    const txns = (await Promise.all(txnids.map((id) => byTxnid.get(id)))).filter((t) => t !== undefined);
    const settledAt = addedOn(captures.settledAt(on));
    const captured = txns.map((t) => {
      const f = sandboxSettlementFigures(t.amountPaise);
      return {
        action: "capture",
        payuId: t.mihpayid,
        parentPayuId: "",
        requestId: "",
        transactionAmount: rupeeText(f.grossPaise),
        merchantTransactionId: t.fields.txnid!,
        mdr: rupeeText(f.feePaise),
        serviceTax: rupeeText(f.taxPaise),
        merchantServiceFee: "0.00",
        merchantServiceTax: "0.00",
        settlementAmount: rupeeText(f.netPaise),
        transactionDate: t.addedon,
        paymentMode: t.mode,
      };
    });
    // Refunds paid the day before are kept back from this settlement (issue 29).
    const lines = [...captured, ...(await refunds.settlementLines(on))];
    const data: PayuSettlement[] = lines.length
      ? [
          {
            settlementId: sandboxSettlementRef("payu", on, 20),
            settlementCompletedDate: settledAt,
            settlementAmount: rupeeText(lines.reduce((sum, l) => sum + (parseRupees(l.settlementAmount) ?? 0), 0)),
            merchantId: 8739528,
            utrNumber: sandboxSettlementRef("payu-utr", on, 16),
            transaction: lines,
          },
        ]
      : [];
    return c.json({ status: 0, result: { page: Number(request.page) || 1, size: data.length, totalCount: data.length, data } });
  });
}

export function createSandboxPayu(options: { origin: string; now?: () => Date; store?: SandboxStore }) {
  const now = options.now ?? (() => new Date());
  const origin = options.origin.replace(/\/$/, "");
  const store = options.store ?? createMemorySandboxStore();
  const byTxnid = storeMap<SandboxTxn>(store, "payu-txn");
  const byToken = storeMap<string>(store, "payu-token");
  let receiver: WebhookReceiver | null = null;
  const captures = sandboxCaptureIndex(store, "payu", now);

  /** PayU's server-to-server notification: the answer's fields, form-encoded, to the merchant's webhook. */
  async function notify(txn: SandboxTxn) {
    try {
      await receiver?.({ rawBody: new URLSearchParams(answer(txn)).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    } catch {
      /* PayU retries; the receiver logs its own errors */
    }
  }
  const byMihpayid = storeMap<string>(store, "payu-mihpayid");
  const refunds = createSandboxPayuRefunds({
    store,
    now,
    paymentOf: async (mihpayid) => {
      const txnid = await byMihpayid.get(mihpayid);
      const txn = txnid ? await byTxnid.get(txnid) : undefined;
      return txn && txnid ? { amountPaise: txn.amountPaise, status: txn.status, txnid } : null;
    },
    // The refund callback goes to the URL configured on the dashboard, which carries its token: the same
    // receiver as the payment notification, told apart by that token.
    sendCallback: async (body) => {
      try {
        await receiver?.({
          rawBody: JSON.stringify(body),
          headers: { "content-type": "application/json" },
          urlToken: payuRefundNotifyToken(SANDBOX_PAYU_SALT),
        });
      } catch {
        /* PayU retries; the receiver logs its own errors */
      }
    },
  });

  const routes = new Hono();
  routes.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });
  const state = { now, byTxnid, byToken, byMihpayid, captures, refunds, notify };
  hostedPages(routes, state);
  merchantApi(routes, state);

  const paymentUrl = `${origin}${SANDBOX_PAYU_BASE}/_payment`;
  const verifyUrl = `${origin}${SANDBOX_PAYU_BASE}/merchant/postservice.php?form=2`;
  const gateway = createPayuGateway({
    key: SANDBOX_PAYU_KEY,
    salt: SANDBOX_PAYU_SALT,
    paymentUrl,
    verifyUrl,
    provider: "sandbox",
    fetch: inProcessFetch(routes, `${origin}${SANDBOX_PAYU_BASE}`),
    now,
  });

  return {
    gateway,
    /** Mounted under /sandbox/payu outside production mode. */
    routes,
    /** Where the server-to-server notifications and the refund callbacks (with their URL token) go. */
    setWebhookReceiver(fn: WebhookReceiver | null) {
      receiver = fn;
    },
    /** A queued refund succeeds or fails, and PayU's refund callback is sent. */
    settleRefund: refunds.settle,
  };
}

export type SandboxPayu = ReturnType<typeof createSandboxPayu>;
