// The PhonePe sandbox's refunds (Standard Checkout v2): POST /payments/v2/refund takes a refund of a
// completed order (PENDING), refuses a repeated merchantRefundId or more than is left; the status API
// answers it COMPLETED by the next look, as the bank takes a while, and sends pg.refund.completed (or
// .failed, by settle) signed like the order webhooks; an unknown id is 404. A completed refund is
// kept back from the next day's settlement as a REFUND transaction (issue 29); a failed one never is.
import { Hono, type Context } from "hono";
import type { IsoDate } from "../../../../core/calendar.ts";
import type { SandboxStore } from "../../sandbox-store.ts";
import { sandboxCaptureIndex } from "../settlement.ts";
import { randomId, storeMap } from "../shared.ts";
import { PHONEPE_MERCHANT_ORDER_ID, type PhonepeRefundState } from "./port.ts";
import type { PhonepeSettlementTransaction } from "./settlement-report.ts";

type StoredRefund = {
  refundId: string;
  merchantRefundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: PhonepeRefundState;
  timestamp: number;
};

const error = (code: string, message: string) => ({ success: false, code, message });

export function phonepeSandboxRefundRoutes(options: {
  store: SandboxStore;
  now: () => number;
  /** The API's bearer check (the same as the order API's). */
  authorized: (c: Context) => Promise<boolean>;
  /** A completed order's amount and PhonePe's order id, or null. */
  completedOrder: (merchantOrderId: string) => Promise<{ amount: number; orderId: string } | null>;
  /** Delivers a refund event to the merchant's webhook, signed as the order events are. */
  sendWebhook: (event: object) => Promise<void>;
}) {
  const refunds = storeMap<StoredRefund>(options.store, "phonepe-refund");
  const ofOrder = storeMap<string[]>(options.store, "phonepe-refunds-of");
  // The merchantRefundIds of the refunds completed each India day, kept back from the next day's settlement.
  const completed = sandboxCaptureIndex(options.store, "phonepe-refund-completed", () => new Date(options.now()));
  const api = new Hono();
  api.use("*", async (c, next) => {
    if (!(await options.authorized(c))) return c.json(error("AUTHORIZATION_FAILED", "Invalid or expired token"), 401);
    await next();
  });

  api.post("/refund", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const { merchantRefundId, originalMerchantOrderId, amount } = body ?? {};
    if (typeof merchantRefundId !== "string" || !PHONEPE_MERCHANT_ORDER_ID.test(merchantRefundId))
      return c.json(error("BAD_REQUEST", "merchantRefundId is invalid"), 400);
    if (typeof originalMerchantOrderId !== "string" || !PHONEPE_MERCHANT_ORDER_ID.test(originalMerchantOrderId))
      return c.json(error("BAD_REQUEST", "originalMerchantOrderId is invalid"), 400);
    const order = await options.completedOrder(originalMerchantOrderId);
    if (!order) return c.json(error("ORDER_NOT_FOUND", "No completed order with this merchantOrderId"), 404);
    const earlier = await Promise.all(((await ofOrder.get(originalMerchantOrderId)) ?? []).map((id) => refunds.get(id)));
    const left = order.amount - earlier.reduce((s, r) => s + (r && r.state !== "FAILED" ? r.amount : 0), 0);
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 100 || amount > left)
      return c.json(error("BAD_REQUEST", "Refund amount is more than the amount left to refund"), 400);
    const stored: StoredRefund = {
      refundId: randomId("OMR", 20),
      merchantRefundId,
      originalMerchantOrderId,
      amount,
      state: "PENDING",
      timestamp: options.now(),
    };
    if (!(await refunds.add(merchantRefundId, stored))) return c.json(error("BAD_REQUEST", "Duplicate merchantRefundId"), 400);
    await ofOrder.set(originalMerchantOrderId, [...((await ofOrder.get(originalMerchantOrderId)) ?? []), merchantRefundId]);
    return c.json({ refundId: stored.refundId, amount, state: stored.state });
  });

  api.get("/refund/:merchantRefundId/status", async (c) => {
    const found = await refunds.get(c.req.param("merchantRefundId"));
    if (!found) return c.json(error("NOT_FOUND", "No refund with this merchantRefundId"), 404);
    // The bank answers by the next look, and PhonePe sends its webhook as it does.
    if (found.state === "PENDING") await settle(found.merchantRefundId, "COMPLETED");
    const done = (await refunds.get(found.merchantRefundId)) ?? found;
    return c.json({
      merchantId: "SOTSANDBOXUAT",
      merchantRefundId: done.merchantRefundId,
      originalMerchantOrderId: done.originalMerchantOrderId,
      amount: done.amount,
      state: done.state,
      timestamp: done.timestamp,
      refundId: done.refundId,
      splitInstruments: [{ amount: done.amount, rail: { type: "UPI", upiTransactionId: `SBX${done.refundId.slice(3, 15)}` } }],
    });
  });
  /** The bank's answer to a pending refund, for tests: the state is stored and pg.refund.completed or .failed is sent. */
  async function settle(merchantRefundId: string, state: "COMPLETED" | "FAILED"): Promise<boolean> {
    const found = await refunds.get(merchantRefundId);
    if (!found || found.state !== "PENDING") return false;
    const done: StoredRefund = { ...found, state, timestamp: options.now() };
    await refunds.set(merchantRefundId, done);
    if (state === "COMPLETED") await completed.captured(merchantRefundId);
    await options.sendWebhook({
      event: state === "COMPLETED" ? "pg.refund.completed" : "pg.refund.failed",
      payload: {
        merchantId: "SOTSANDBOXUAT",
        merchantRefundId,
        originalMerchantOrderId: done.originalMerchantOrderId,
        refundId: done.refundId,
        amount: done.amount,
        state,
        timestamp: done.timestamp,
        ...(state === "FAILED" ? { errorCode: "REFUND_FAILED" } : {}),
      },
    });
    return true;
  }

  /**
   * The REFUND transactions of the settlement of `on`: each refund completed the day before, by its
   * refundId (as our refund records it), amount in paise with no fee, settlementAmount negative.
   */
  async function settlementTransactions(on: IsoDate): Promise<PhonepeSettlementTransaction[]> {
    const ids = (await completed.settledOn(on)) ?? [];
    const out: PhonepeSettlementTransaction[] = [];
    for (const id of ids) {
      const r = await refunds.get(id);
      if (!r || r.state !== "COMPLETED") continue;
      const order = await options.completedOrder(r.originalMerchantOrderId);
      out.push({
        transactionId: r.refundId,
        merchantOrderId: r.originalMerchantOrderId,
        orderId: order?.orderId ?? "",
        transactionType: "REFUND",
        amount: r.amount,
        fee: 0,
        tax: 0,
        settlementAmount: -r.amount,
        transactionTimestamp: r.timestamp,
      });
    }
    return out;
  }

  return { api, settle, settlementTransactions };
}
