// PayU's and PhonePe's refund notifications (issue 30) on the real services and database. The payloads
// are our own, written in each gateway's documented format; the signatures are computed here from the
// sandbox's known secrets. The demo loan owes ₹22,000; paying it and a ₹980 order leaves ₹980.00 excess.
import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_CALLBACKS } from "../../../core/contract/index.ts";
import { ledgerEntries, paymentWebhookEvents, refunds } from "../../db/schema/index.ts";
import { loanOwing22000, overpaidByPhonepe, payOnPayuPage, payuOrder, postPayuReturn } from "../../test-support/gateway-payments.ts";
import { createTestApp } from "../../test-support/test-app.ts";
import type { StaffActor } from "../credit/credit.service.ts";

type T = Awaited<ReturnType<typeof createTestApp>>;
const collector: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000c1", role: "collections", email: "collector@salaryontime.test" };
const accountant: StaffActor = { staffId: "00000000-0000-4000-8000-0000000000a1", role: "accounts", email: "accounts@salaryontime.test" };
// The sandbox's webhook credentials and PayU salt (server/providers/payments/*/sandbox.ts), typed out here.
const PHONEPE_AUTH = createHash("sha256").update("salaryontime-sandbox:sandbox-phonepe-webhook-password").digest("hex");
const PAYU_URL_TOKEN = createHmac("sha256", "sandbox-payu-salt").update("payu-refund-notify").digest("hex");

const refundRow = async (t: T, id: string) => (await t.services.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
const refundEntries = (t: T, leadId: string) =>
  t.services.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.loanId, leadId), eq(ledgerEntries.kind, "refund")));
const excess = async (t: T, leadId: string) => (await t.services.ledger.balances(leadId)).customer_excess;
/** Our id of an attempt as the gateway has it: rf + the refund id without dashes, -n after the first. */
const ourId = (refundId: string, attempt = 1) => `rf${refundId.replace(/-/g, "")}${attempt === 1 ? "" : `-${attempt}`}`;

async function requestAndApprove(t: T, leadId: string) {
  const requested = await t.services.refunds.desk.request(collector, { leadId, route: "gateway", amountRupees: "980" });
  expect((await t.services.refunds.desk.approve(accountant, { id: requested.id })).status).toBe("SENT");
  return requested.id;
}

describe("PhonePe refund webhooks (pg.refund.completed / pg.refund.failed, Authorization = SHA256(username:password))", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: object, authorization = PHONEPE_AUTH) =>
    t.app.request(`${PAYMENT_CALLBACKS}/phonepe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization },
      body: JSON.stringify(body),
    });
  const refundEvent = (state: "COMPLETED" | "FAILED", p: { merchantRefundId: string; refundId: string; amount?: number }) => ({
    event: state === "COMPLETED" ? "pg.refund.completed" : "pg.refund.failed",
    payload: {
      merchantId: "SOTSANDBOXUAT",
      merchantRefundId: p.merchantRefundId,
      originalMerchantOrderId: "SOTR-any",
      refundId: p.refundId,
      amount: p.amount ?? 98_000,
      state,
      timestamp: 1_795_000_000_000,
      ...(state === "FAILED" ? { errorCode: "BANK_DECLINED" } : {}),
    },
  });

  async function overpaid() {
    const loan = await overpaidByPhonepe(t);
    expect(await excess(t, loan.leadId)).toBe(98_000);
    return loan;
  }

  it("forged and unknown events change nothing; a failure keeps the ₹980.00 as excess; success posts once; replays and late events change nothing", async () => {
    const loan = await overpaid();
    const id = await requestAndApprove(t, loan.leadId);
    const first = await refundRow(t, id);
    expect(first.providerReference).toMatch(/^OMR/);

    // Forged: the Authorization of another password is refused (401) and nothing moves.
    const forgedAuth = createHash("sha256").update("salaryontime-sandbox:guessed").digest("hex");
    expect((await post(refundEvent("COMPLETED", { merchantRefundId: ourId(id), refundId: first.providerReference! }), forgedAuth)).status).toBe(401);
    expect((await post(refundEvent("COMPLETED", { merchantRefundId: ourId(id), refundId: first.providerReference! }), "")).status).toBe(401);
    expect((await refundRow(t, id)).status).toBe("SENT");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);

    // Signed, but for no refund of ours, or for another amount: acknowledged and ignored.
    expect((await post(refundEvent("COMPLETED", { merchantRefundId: ourId(randomUUID()), refundId: "OMR1" }))).status).toBe(200);
    expect((await post(refundEvent("COMPLETED", { merchantRefundId: ourId(id), refundId: first.providerReference!, amount: 98_001 }))).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("SENT");

    // The refund fails: back to REQUESTED with the reason, nothing posted, the ₹980.00 still held for the customer.
    expect((await post(refundEvent("FAILED", { merchantRefundId: ourId(id), refundId: first.providerReference! }))).status).toBe(200);
    expect(await refundRow(t, id)).toMatchObject({
      status: "REQUESTED",
      attempt: 2,
      idempotencyKey: null,
      failureReason: "PhonePe could not process the refund (BANK_DECLINED).",
    });
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);
    expect(await excess(t, loan.leadId)).toBe(98_000);
    // A late "completed" for the failed attempt does not move it back.
    expect((await post(refundEvent("COMPLETED", { merchantRefundId: ourId(id), refundId: first.providerReference! }))).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("REQUESTED");
    // The sandbox's own signed webhook for the same failure is a repeat: recorded once.
    expect(await t.services.paymentGateways.sandbox!.phonepe.settleRefund(ourId(id), "FAILED")).toBe(true);
    expect((await refundRow(t, id)).attempt).toBe(2);

    // A fresh approval sends attempt 2 (rf…-2); its completion posts the refund once.
    expect((await t.services.refunds.desk.approve(accountant, { id })).status).toBe("SENT");
    const second = await refundRow(t, id);
    expect(second.idempotencyKey).toBe(`refund:${id}:2`);
    const completed = refundEvent("COMPLETED", { merchantRefundId: ourId(id, 2), refundId: second.providerReference! });
    expect((await post(completed)).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("PROCESSED");
    const entry = await t.services.ledger.entryByKey(`refund:${id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 98_000],
      ["clearing_phonepe", "credit", 98_000],
    ]);
    // Replayed, or a "failed" arriving after the success: nothing changes.
    expect((await post(completed)).status).toBe(200);
    expect((await post(refundEvent("FAILED", { merchantRefundId: ourId(id, 2), refundId: second.providerReference! }))).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("PROCESSED");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
    expect((await excess(t, loan.leadId)) === 0).toBe(true);
    const seen = await t.services.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, `refund:${ourId(id, 2)}:COMPLETED`));
    expect(seen).toHaveLength(1);
  });

  it("the sandbox sends its signed pg.refund.completed when the bank answers: the refund is posted once, by the webhook", async () => {
    const loan = await overpaid();
    const id = await requestAndApprove(t, loan.leadId);
    // The refresh job asks the status API; the sandbox completes the refund and sends its webhook as it does.
    expect(await t.services.refunds.refreshOpen()).toBe(1);
    expect((await refundRow(t, id)).status).toBe("PROCESSED");
    const seen = await t.services.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, `refund:${ourId(id)}:COMPLETED`));
    expect(seen.map((e) => e.event)).toEqual(["pg.refund.completed"]);
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
  });

  it("an order event on the same URL still goes to the payments service (a forged one is 401)", async () => {
    const orderEvent = { event: "checkout.order.completed", payload: { merchantOrderId: "SOTRNOSUCHORDER", orderId: "OMO1", state: "COMPLETED", amount: 100 } };
    expect((await post(orderEvent, "00".repeat(32))).status).toBe(401);
    expect((await post(orderEvent)).status).toBe(200);
  });
});

describe("PayU refund callbacks (JSON to the refund-notify URL with its token)", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: object, token: string | null = PAYU_URL_TOKEN) =>
    t.app.request(`${PAYMENT_CALLBACKS}/payu/refund-notify${token === null ? "" : `?token=${token}`}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const callback = (status: "success" | "failure", p: { token: string; requestId: string; mihpayid: string; amt?: string }) => ({
    action: "refund",
    key: "SOTsbx",
    mihpayid: p.mihpayid,
    merchantTxnId: "SOTR-any",
    token: p.token,
    request_id: p.requestId,
    amt: p.amt ?? "980.00",
    status,
    bank_arn: status === "success" ? "433412345678" : null,
    refund_mode: "Back to source",
    remark: null,
  });

  /** The customer pays on the sandbox's page and the browser posts PayU's answer back to us. */
  async function pay(order: { action: string; parameters: Record<string, string> }) {
    const { fields } = await payOnPayuPage(t, order);
    await postPayuReturn(t, fields);
    return fields.mihpayid!;
  }

  it("a wrong or missing URL token is 401; a failure keeps the excess; the sandbox's signed success posts once; replays change nothing", async () => {
    const loan = await loanOwing22000(t);
    const { token } = await t.signIn(loan.mobile);
    const early = await payuOrder(t, loan.leadId, token, "980");
    const full = await payuOrder(t, loan.leadId, token, "22000");
    await pay(full);
    const mihpayid = await pay(early);
    expect(await excess(t, loan.leadId)).toBe(98_000);
    const id = await requestAndApprove(t, loan.leadId);
    const first = await refundRow(t, id);
    expect(first.providerReference).toMatch(/^\d+$/);
    const failure = callback("failure", { token: ourId(id), requestId: first.providerReference!, mihpayid });

    // Forged: no token, or a token from another salt.
    expect((await post(failure, null)).status).toBe(401);
    expect((await post(failure, createHmac("sha256", "guessed-salt").update("payu-refund-notify").digest("hex"))).status).toBe(401);
    expect((await refundRow(t, id)).status).toBe("SENT");
    // For no refund of ours, or another request id: acknowledged, ignored.
    expect((await post(callback("success", { token: ourId(randomUUID()), requestId: "1", mihpayid }))).status).toBe(200);
    expect((await post(callback("success", { token: ourId(id), requestId: "999", mihpayid }))).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("SENT");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);

    // The refund fails: REQUESTED again with the reason; the ₹980.00 stays as the customer's excess.
    expect((await post(failure)).status).toBe(200);
    expect(await refundRow(t, id)).toMatchObject({ status: "REQUESTED", attempt: 2, failureReason: "PayU could not process the refund." });
    expect(await excess(t, loan.leadId)).toBe(98_000);
    expect(await refundEntries(t, loan.leadId)).toHaveLength(0);
    // The sandbox records the same failure and sends its callback: a repeat, nothing moves.
    expect(await t.services.paymentGateways.sandbox!.payu.settleRefund(ourId(id), "failure")).toBe(true);
    expect((await refundRow(t, id)).attempt).toBe(2);

    // Attempt 2 (token rf…-2): the sandbox completes it and sends its callback through the receiver.
    expect((await t.services.refunds.desk.approve(accountant, { id })).status).toBe("SENT");
    const second = await refundRow(t, id);
    expect(await t.services.paymentGateways.sandbox!.payu.settleRefund(ourId(id, 2), "success")).toBe(true);
    expect((await refundRow(t, id)).status).toBe("PROCESSED");
    const entry = await t.services.ledger.entryByKey(`refund:${id}`);
    expect(entry?.postings.map((p) => [p.account, p.side, p.amount])).toEqual([
      ["customer_excess", "debit", 98_000],
      ["clearing_payu", "credit", 98_000],
    ]);
    // Our recorded copy of that success (a replay) and a late failure: nothing changes.
    expect((await post(callback("success", { token: ourId(id, 2), requestId: second.providerReference!, mihpayid }))).status).toBe(200);
    expect((await post(callback("failure", { token: ourId(id, 2), requestId: second.providerReference!, mihpayid }))).status).toBe(200);
    expect((await refundRow(t, id)).status).toBe("PROCESSED");
    expect(await refundEntries(t, loan.leadId)).toHaveLength(1);
    expect((await excess(t, loan.leadId)) === 0).toBe(true);
  });

  it("a body that is not a refund callback is refused with 400 and changes nothing", async () => {
    expect((await post({ action: "capture", token: "rfx", status: "success" })).status).toBe(400);
    const bad = await t.app.request(`${PAYMENT_CALLBACKS}/payu/refund-notify?token=${PAYU_URL_TOKEN}`, { method: "POST", body: "not json" });
    expect(bad.status).toBe(400);
  });
});
