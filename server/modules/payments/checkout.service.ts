// Checkout (decision 29, issue 20): an order per attempt at a gateway, the browser's return, the
// gateways' notifications and asking a gateway about an order. Nothing is credited on the browser's
// or a webhook's word: the gateway's own answer decides, and settlement posts it once.
import { randomBytes } from "node:crypto";
import { and, desc, eq, or } from "drizzle-orm";
import { repaymentChargePaise } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { paymentOrders, payments, paymentWebhookEvents } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { PaymentGateways } from "../../providers/payments/index.ts";
import { parsePhonepeWebhook, phonepeTransactionStatus } from "../../providers/payments/phonepe/port.ts";
import type { RazorpayWebhookEvent } from "../../providers/payments/razorpay/port.ts";
import { Malformed, NotAuthenticated, NotFound, ProviderDown, Refused } from "../domain-errors.ts";
import { isLoan, type LoanLead } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { PAYU_RETURN_PATH, PHONEPE_RETURN_PATH, REPAY_MESSAGES, thankYouPath, type GatewayName, type RepayCaller } from "./payments-common.ts";
import type { SettlementService } from "./settlement.service.ts";

type Order = typeof paymentOrders.$inferSelect;

const fromUnixSeconds = (seconds: number | undefined) => (Number.isFinite(seconds) && seconds! > 0 ? new Date(seconds! * 1000) : null);
/** PayU's addedon is India time, "YYYY-MM-DD HH:MM:SS". */
function payuAddedOn(text: string | null): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}+05:30`);
  return Number.isNaN(at.getTime()) ? null : at;
}
const newOrderId = () => `SOTR${randomBytes(8).toString("hex").toUpperCase()}`;
/** An order or transaction reference as we and the gateways write them; anything else is unknown. */
const GATEWAY_REF = /^[A-Za-z0-9_-]{1,63}$/;

export function createCheckoutService(deps: {
  db: Db;
  publicOrigin: string;
  gateways: PaymentGateways;
  settlement: Pick<SettlementService, "duesToday" | "settle">;
  authorizeLead: (caller: RepayCaller, leadId: string) => Promise<LoanLead>;
  now: () => Date;
  logger: Logger;
}) {
  const { db, gateways, authorizeLead, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");
  const duesToday = (lead: LoanLead) => deps.settlement.duesToday(lead);
  const settle = deps.settlement.settle;
  const profileOf = (profileId: string) => payerProfile(db, profileId);

  /** The amount to charge now (decision 29), from the loan's dues today; only an open loan takes orders. */
  async function chargeFor(lead: LoanLead, enteredRupees: number | null) {
    if (lead.status !== "DISBURSED" || !isLoan(lead)) throw new Refused(REPAY_MESSAGES.noActiveLoan);
    const d = await duesToday(lead);
    // closeToday: on the disbursal day, closing costs one day's interest beyond what is charged yet.
    const due = d.closeToday;
    if (due <= 0) throw new Refused(REPAY_MESSAGES.noActiveLoan);
    return repaymentChargePaise(enteredRupees === null ? null : Math.round(enteredRupees * 100), due);
  }

  async function insertOrder(values: { orderId: string; gateway: GatewayName; gatewayOrderId: string; leadId: string; amountPaise: number }) {
    const at = now();
    await db.insert(paymentOrders).values({ ...values, status: "created", createdAt: at, updatedAt: at });
  }

  const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      logger.error("payment gateway call failed", { error });
      throw new ProviderDown(REPAY_MESSAGES.gatewayDown);
    }
  };
  /** An attempt that did not pay: only an order not yet paid becomes failed (paid is final). */
  async function markFailed(order: Order) {
    await db
      .update(paymentOrders)
      .set({ status: "failed", updatedAt: now() })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, "created")));
  }

  async function orderBy(where: ReturnType<typeof eq>) {
    const [order] = await db.select().from(paymentOrders).where(where);
    return order ?? null;
  }

  const findOrder = (id: string) => orderBy(or(eq(paymentOrders.orderId, id), eq(paymentOrders.gatewayOrderId, id))!);

  async function paidTxnId(order: Order): Promise<string | null> {
    const [row] = await db
      .select({ id: payments.gatewayPaymentId })
      .from(payments)
      .where(eq(payments.paymentOrderId, order.id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row?.id ?? null;
  }

  type Refreshed = { status: "Completed" | "Pending" | "Failed"; transactionId: string | null };

  /** Asks the gateway about an order not yet paid, posts a confirmed payment once, and says where it stands. */
  async function refresh(order: Order): Promise<Refreshed> {
    if (order.status === "paid") return { status: "Completed", transactionId: await paidTxnId(order) };
    if (order.gateway === "razorpay") {
      const list = await gatewayCall(() => gateways.razorpay.fetchOrderPayments(order.gatewayOrderId!));
      const captured = list.find((p) => p.status === "captured" && p.order_id === order.gatewayOrderId);
      if (captured) {
        await settle(order, "razorpay", captured.id, captured.amount, fromUnixSeconds(captured.created_at));
        return current(order);
      }
      if (list.length && list.every((p) => p.status === "failed")) await markFailed(order);
    } else if (order.gateway === "payu") {
      const txn = await gatewayCall(() => gateways.payu.verifyPayment(order.orderId));
      if (txn?.status === "success" && txn.mihpayid && txn.amountPaise !== null) {
        await settle(order, "payu", txn.mihpayid, txn.amountPaise, payuAddedOn(txn.addedOn));
        return current(order);
      }
      if (txn && txn.status !== "pending" && txn.status !== "success") await markFailed(order);
    } else {
      const status = await gatewayCall(() => gateways.phonepe.orderStatus(order.orderId));
      const paid = status.paymentDetails.find((p) => p.state === "COMPLETED");
      if (status.state === "COMPLETED" && paid) {
        await settle(order, "phonepe", paid.transactionId, status.amountPaise, Number.isFinite(paid.timestamp) ? new Date(paid.timestamp) : null);
        return current(order);
      }
      if (status.state === "FAILED") await markFailed(order);
      if (phonepeTransactionStatus(status.state) === "Pending") return { status: "Pending", transactionId: null };
    }
    return current(order);
  }

  async function current(order: Order): Promise<Refreshed> {
    const fresh = (await orderBy(eq(paymentOrders.id, order.id)))!;
    if (fresh.status === "paid") return { status: "Completed", transactionId: await paidTxnId(fresh) };
    return { status: fresh.status === "failed" ? "Failed" : "Pending", transactionId: null };
  }

  /** Records a webhook event id; false when it was seen before (a retry). */
  async function firstDelivery(gateway: GatewayName, eventId: string, event: string): Promise<boolean> {
    const inserted = await db
      .insert(paymentWebhookEvents)
      .values({ gateway, eventId: eventId.slice(0, 200), event: event.slice(0, 100), receivedAt: now() })
      .onConflictDoNothing()
      .returning({ id: paymentWebhookEvents.eventId });
    return inserted.length > 0;
  }

  return {
    async razorpayOrder(caller: RepayCaller, input: { lead_id: string; rzp_amount: number | null }) {
      const lead = await authorizeLead(caller, input.lead_id);
      const amountPaise = await chargeFor(lead, input.rzp_amount);
      const orderId = newOrderId();
      const order = await gatewayCall(() => gateways.razorpay.createOrder({ amountPaise, receipt: orderId, notes: { lead_id: lead.id } }));
      await insertOrder({ orderId, gateway: "razorpay", gatewayOrderId: order.id, leadId: lead.id, amountPaise });
      const p = await profileOf(lead.profileId);
      return {
        gatewayOrderId: order.id,
        keyId: gateways.razorpay.checkout.keyId,
        amountPaise,
        loanNo: lead.loanNo,
        payer: { name: p.fullName ?? "", email: p.email ?? "", mobile: p.mobile },
        checkoutScriptUrl: gateways.razorpay.checkout.scriptUrl,
      };
    },

    /** The browser's word is checked: signature over OUR stored order id, then the payment fetched from Razorpay. */
    async razorpayVerify(input: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) {
      const failed = { ok: false as const, data: { status: "FAILED" as const, txnId: input.razorpay_payment_id } };
      const [order] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.gateway, "razorpay"), eq(paymentOrders.gatewayOrderId, input.razorpay_order_id)));
      if (!order) return failed;
      const signed = gateways.razorpay.verifyPaymentSignature({
        orderId: order.gatewayOrderId!,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      });
      if (!signed) return failed;
      const payment = await gatewayCall(() => gateways.razorpay.fetchPayment(input.razorpay_payment_id));
      if (payment.status !== "captured" || payment.order_id !== order.gatewayOrderId) return failed;
      await settle(order, "razorpay", payment.id, payment.amount, fromUnixSeconds(payment.created_at));
      const now = await current(order);
      if (now.status !== "Completed") return failed;
      return { ok: true as const, data: { status: "SUCCESS" as const, txnId: payment.id, order_id: order.orderId } };
    },

    async payuOrder(caller: RepayCaller, input: { amount: number | null; productinfo: string; udf5: string }) {
      const lead = await authorizeLead(caller, input.udf5);
      // The customer's own details from the loan, never the page's (it only has the masked mobile).
      const p = await profileOf(lead.profileId);
      const amountPaise = await chargeFor(lead, input.amount);
      const orderId = newOrderId();
      const returnUrl = `${origin}${PAYU_RETURN_PATH}`;
      const form = (() => {
        try {
          return gateways.payu.paymentForm({
            txnid: orderId,
            amountPaise,
            productinfo: input.productinfo,
            firstname: (p.fullName ?? "").trim().split(/\s+/)[0] ?? "",
            email: p.email ?? "",
            phone: p.mobile,
            udf5: lead.id,
            surl: returnUrl,
            furl: returnUrl,
          });
        } catch {
          throw new Refused("Please check your name, e-mail and mobile number.");
        }
      })();
      await insertOrder({ orderId, gateway: "payu", gatewayOrderId: orderId, leadId: lead.id, amountPaise });
      return { formAction: form.action, formFields: form.fields };
    },

    /** PayU's surl/furl: the reverse hash first, then verify_payment decides; the browser goes to the status page. */
    async payuReturn(fields: Record<string, unknown>): Promise<string> {
      const txnid = typeof fields.txnid === "string" && GATEWAY_REF.test(fields.txnid) ? fields.txnid : "unknown";
      const response = gateways.payu.verifyResponse(fields);
      const order = response ? await orderBy(and(eq(paymentOrders.gateway, "payu"), eq(paymentOrders.orderId, response.txnid))!) : null;
      if (!response || !order) {
        logger.warn("payu return refused", { reason: response ? "unknown order" : "reverse hash mismatch" });
        return thankYouPath(txnid, txnid);
      }
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? response.mihpayid ?? order.orderId);
    },

    async phonepeOrder(caller: RepayCaller, input: { amount: number | null; leadId: string }) {
      const lead = await authorizeLead(caller, input.leadId);
      const amountPaise = await chargeFor(lead, input.amount);
      const orderId = newOrderId();
      const created = await gatewayCall(() =>
        gateways.phonepe.createOrder({
          merchantOrderId: orderId,
          amountPaise,
          redirectUrl: `${origin}${PHONEPE_RETURN_PATH}?order_id=${orderId}`,
          metaInfo: { udf1: lead.id },
        }),
      );
      await insertOrder({ orderId, gateway: "phonepe", gatewayOrderId: created.orderId, leadId: lead.id, amountPaise });
      return { redirectUrl: created.redirectUrl };
    },

    /** PhonePe's redirect back: the status API decides; on to the status page. */
    async phonepeReturn(orderId: string): Promise<string> {
      // The browser brings the id back in the query: anything that is not one of our ids is simply unknown.
      if (!GATEWAY_REF.test(orderId)) return thankYouPath("unknown", "unknown");
      const order = await orderBy(and(eq(paymentOrders.gateway, "phonepe"), eq(paymentOrders.orderId, orderId))!);
      if (!order) return thankYouPath("unknown", "unknown");
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? order.orderId);
    },

    /** instifiGetSataus: asks the gateway when the order is not final, posts once, answers. */
    async status(input: { order_id: string; txn_id?: string }) {
      const order = await findOrder(input.order_id.slice(0, 100));
      if (!order) throw new NotFound(REPAY_MESSAGES.unknownOrder);
      const state = await refresh(order);
      return { transactionId: state.transactionId ?? input.txn_id ?? "", status: state.status };
    },

    /** Razorpay webhook: signature over the raw bytes, de-duplicated by event id, confirmed by fetching the payment. */
    async razorpayWebhook(delivery: { rawBody: string; headers: Record<string, string> }) {
      if (!gateways.razorpay.verifyWebhookSignature(delivery.rawBody, delivery.headers["x-razorpay-signature"]))
        throw new NotAuthenticated("Signature mismatch.");
      let event: RazorpayWebhookEvent;
      try {
        event = JSON.parse(delivery.rawBody);
      } catch {
        throw new Malformed("The body is not JSON.");
      }
      const eventId = delivery.headers["x-razorpay-event-id"] || `${event?.event}:${event?.payload?.payment?.entity?.id ?? ""}`;
      const payment = event?.payload?.payment?.entity;
      const order = payment?.order_id ? await orderBy(and(eq(paymentOrders.gateway, "razorpay"), eq(paymentOrders.gatewayOrderId, payment.order_id))!) : null;
      if (order && (event.event === "payment.captured" || event.event === "order.paid")) {
        await refresh(order);
      } else if (order && event.event === "payment.failed") {
        await markFailed(order);
      }
      // Recorded after acting: a failed attempt is retried by Razorpay and handled then (acting is idempotent).
      await firstDelivery("razorpay", eventId, String(event?.event ?? ""));
    },

    /** PhonePe webhook: Authorization header checked; only the status API's answer is trusted. */
    async phonepeWebhook(delivery: { rawBody: string; headers: Record<string, string> }) {
      if (!gateways.phonepe.verifyWebhook(delivery.headers["authorization"])) throw new NotAuthenticated("Authorization mismatch.");
      const hook = parsePhonepeWebhook(delivery.rawBody);
      if (!hook) throw new Malformed("The body is not a PhonePe order event.");
      const order = await orderBy(and(eq(paymentOrders.gateway, "phonepe"), eq(paymentOrders.orderId, hook.merchantOrderId))!);
      if (order) await refresh(order);
      await firstDelivery("phonepe", `${hook.merchantOrderId}:${hook.state}`, hook.event);
    },

    /** Webhook event ids seen (tests and reconciliation). */
    async webhookEventsSeen(gateway: GatewayName) {
      return db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.gateway, gateway));
    },

    /** Reconciliation and PayU's notification: ask the gateway about one order (posts once), record a delivery, find an order. */
    refresh,
    firstDelivery,
    orderOf: (gateway: GatewayName, orderId: string) =>
      GATEWAY_REF.test(orderId) ? orderBy(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.orderId, orderId))!) : Promise.resolve(null),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
