// The PhonePe sandbox's refunds (Standard Checkout v2): POST /payments/v2/refund takes a refund of a
// completed order (PENDING), refuses a repeated merchantRefundId or more than is left; the status API
// answers it COMPLETED by the next look, as the bank takes a while, and sends pg.refund.completed (or
// .failed, by settle) signed like the order webhooks; an unknown id is 404.
import { Hono, type Context } from "hono";
import type { SandboxStore } from "../../sandbox-store.ts";
import { randomId, storeMap } from "../shared.ts";
import { PHONEPE_MERCHANT_ORDER_ID, type PhonepeRefundState } from "./port.ts";

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
  /** A completed order's amount, or null. */
  completedOrder: (merchantOrderId: string) => Promise<{ amount: number } | null>;
  /** Delivers a refund event to the merchant's webhook, signed as the order events are. */
  sendWebhook: (event: object) => Promise<void>;
}) {
  const refunds = storeMap<StoredRefund>(options.store, "phonepe-refund");
  const ofOrder = storeMap<string[]>(options.store, "phonepe-refunds-of");
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

  return { api, settle };
}
