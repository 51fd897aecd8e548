// Checkout (decision 29, issue 20): an order per attempt at a gateway, the browser's return, the
// gateways' notifications and asking a gateway about an order, all through the one PaymentGateway
// port. Nothing is credited on the browser's or a notification's word: the gateway's own answer
// (confirm) decides, and payment posting posts it once.
import { randomBytes } from "node:crypto";
import { and, desc, eq, or } from "drizzle-orm";
import { repaymentChargePaise, rupeesToPaise } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { paymentOrders, payments, paymentWebhookEvents } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { CheckoutRefused, type BrowserCheckout, type GatewayEvent, type PaymentGateways, type WebhookDelivery } from "../../providers/payments/index.ts";
import { Malformed, NotAuthenticated, NotFound, ProviderDown, Refused } from "../domain-errors.ts";
import { isLoan, type LoanLead } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { REPAY_CODES } from "../../../core/i18n/index.ts";
import { PAYMENT_CALLBACKS, thankYouPath, type GatewayName, type RepayCaller } from "./payments-common.ts";
import type { PaymentPostingService } from "./payment-posting.service.ts";

type Order = typeof paymentOrders.$inferSelect;
type Refreshed = { status: "Completed" | "Pending" | "Failed"; transactionId: string | null };

const newOrderId = () => `SOTR${randomBytes(8).toString("hex").toUpperCase()}`;
/** An order or transaction reference as we and the gateways write them; anything else is unknown. */
const GATEWAY_REF = /^[A-Za-z0-9_-]{1,63}$/;

export function createCheckoutService(deps: {
  db: Db;
  publicOrigin: string;
  gateways: PaymentGateways;
  posting: Pick<PaymentPostingService, "duesToday" | "settle">;
  authorizeLead: (caller: RepayCaller, leadId: string) => Promise<LoanLead>;
  now: () => Date;
  logger: Logger;
}) {
  const { db, gateways, authorizeLead, now, logger } = deps;
  const origin = deps.publicOrigin.replace(/\/$/, "");
  const settle = deps.posting.settle;

  /** The amount to charge now (decision 29), from the loan's dues today; only an open loan takes orders. */
  async function chargeFor(lead: LoanLead, enteredRupees: number | null) {
    if (lead.status !== "DISBURSED" || !isLoan(lead)) throw new Refused(REPAY_CODES.noActiveLoan);
    const d = await deps.posting.duesToday(lead);
    // closeToday: on the disbursal day, closing costs one day's interest beyond what is charged yet.
    const due = d.closeToday;
    if (due <= 0) throw new Refused(REPAY_CODES.noActiveLoan);
    return repaymentChargePaise(enteredRupees === null ? null : rupeesToPaise(enteredRupees), due);
  }

  const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      logger.error("payment gateway call failed", { error });
      throw new ProviderDown(REPAY_CODES.gatewayDown);
    }
  };

  /** A new order at `gateway` for the lead the caller may pay for; the browser gets what it needs to pay. */
  async function startCheckout(gateway: GatewayName, caller: RepayCaller, input: { leadId: string; rupees: number | null; description?: string }) {
    const lead = await authorizeLead(caller, input.leadId);
    // The customer's own details from the loan, never the page's (it only has the masked mobile).
    const p = await payerProfile(db, lead.profileId);
    const amountPaise = await chargeFor(lead, input.rupees);
    const orderId = newOrderId();
    const order = {
      orderId,
      amountPaise,
      leadId: lead.id,
      payer: { name: p.fullName ?? "", email: p.email ?? "", mobile: p.mobile },
      description: input.description ?? "",
      returnUrl: `${origin}${PAYMENT_CALLBACKS}/${gateway}/return`,
    };
    const created = await gatewayCall(async () => {
      try {
        return await gateways.of(gateway).createCheckout(order);
      } catch (error) {
        if (error instanceof CheckoutRefused) return null;
        throw error;
      }
    });
    if (!created) throw new Refused(REPAY_CODES.checkContact);
    const at = now();
    await db
      .insert(paymentOrders)
      .values({ orderId, gateway, gatewayOrderId: created.gatewayOrderId, leadId: lead.id, amountPaise, status: "created", createdAt: at, updatedAt: at });
    return { lead, payer: order.payer, amountPaise, gatewayOrderId: created.gatewayOrderId, browser: created.browser };
  }

  /** Narrows the browser's part to the kind this gateway's route answers with. */
  function browserAs<K extends BrowserCheckout["kind"]>(browser: BrowserCheckout, kind: K): Extract<BrowserCheckout, { kind: K }> {
    if (browser.kind !== kind) throw new Error(`The gateway answered a ${browser.kind} checkout, not ${kind}`);
    return browser as Extract<BrowserCheckout, { kind: K }>;
  }

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

  /** Asks the gateway about an order not yet paid, posts a confirmed payment once, and says where it stands. */
  async function refresh(order: Order): Promise<Refreshed> {
    if (order.status === "paid") return { status: "Completed", transactionId: await paidTxnId(order) };
    const answer = await gatewayCall(() => gateways.of(order.gateway).confirm(order));
    if (answer.state === "paid") await settle(order, order.gateway, answer.paymentId, answer.amountPaise, answer.capturedAt);
    else if (answer.state === "failed" || answer.state === "cancelled") await markFailed(order);
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

  const orderOf = (gateway: GatewayName, orderId: string) =>
    GATEWAY_REF.test(orderId) ? orderBy(and(eq(paymentOrders.gateway, gateway), eq(paymentOrders.orderId, orderId))!) : Promise.resolve(null);

  async function orderOfEvent(gateway: GatewayName, ref: GatewayEvent["order"]) {
    if (!ref || !GATEWAY_REF.test(ref.id)) return null;
    const column = ref.by === "orderId" ? paymentOrders.orderId : paymentOrders.gatewayOrderId;
    return orderBy(and(eq(paymentOrders.gateway, gateway), eq(column, ref.id))!);
  }

  /**
   * A gateway's notification (webhook, PayU's server-to-server call): its signature first, then the
   * gateway is asked (never the body alone), and the delivery is recorded after acting: a failed
   * delivery is retried by the gateway and handled then (acting again posts nothing twice).
   */
  async function notification(gateway: GatewayName, delivery: WebhookDelivery) {
    const reading = gateways.of(gateway).parseNotification(delivery);
    if (reading.kind === "unverified") throw new NotAuthenticated(reading.message);
    if (reading.kind === "malformed") throw new Malformed(reading.message);
    const { event } = reading;
    const order = event.asks === "nothing" ? null : await orderOfEvent(gateway, event.order);
    if (order && event.asks === "confirm") await refresh(order);
    else if (order && event.asks === "attempt_failed") await markFailed(order);
    await firstDelivery(gateway, event.deliveryId, event.name);
  }

  return {
    async razorpayOrder(caller: RepayCaller, input: { lead_id: string; rzp_amount: number | null }) {
      const started = await startCheckout("razorpay", caller, { leadId: input.lead_id, rupees: input.rzp_amount });
      const browser = browserAs(started.browser, "razorpay_checkout");
      return {
        gatewayOrderId: started.gatewayOrderId,
        keyId: browser.keyId,
        amountPaise: started.amountPaise,
        loanNo: started.lead.loanNo,
        payer: started.payer,
        checkoutScriptUrl: browser.scriptUrl,
      };
    },

    /** The browser's word is checked: the checkout's signature over the order and payment, then the payment fetched from Razorpay. */
    async razorpayVerify(input: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }) {
      const failed = { ok: false as const, data: { status: "FAILED" as const, txnId: input.razorpay_payment_id } };
      const razorpay = gateways.of("razorpay");
      const reading = razorpay.readReturn(input);
      // The signature covers the order id the browser sent, and that id must be the one we stored.
      const order = reading.kind === "order" ? await orderOfEvent("razorpay", reading.order) : null;
      if (!order || reading.kind !== "order" || !reading.paymentId) return failed;
      const paymentId = reading.paymentId;
      const answer = await gatewayCall(() => razorpay.confirmPayment(order, paymentId));
      if (answer.state !== "paid") return failed;
      await settle(order, "razorpay", answer.paymentId, answer.amountPaise, answer.capturedAt);
      const now = await current(order);
      if (now.status !== "Completed") return failed;
      return { ok: true as const, data: { status: "SUCCESS" as const, txnId: answer.paymentId, order_id: order.orderId } };
    },

    async payuOrder(caller: RepayCaller, input: { amount: number | null; productinfo: string; udf5: string }) {
      const started = await startCheckout("payu", caller, { leadId: input.udf5, rupees: input.amount, description: input.productinfo });
      const browser = browserAs(started.browser, "form_post");
      return { formAction: browser.action, formFields: browser.fields };
    },

    /** PayU's surl/furl: the reverse hash first, then verify_payment decides; the browser goes to the status page. */
    async payuReturn(fields: Record<string, unknown>): Promise<string> {
      const txnid = typeof fields.txnid === "string" && GATEWAY_REF.test(fields.txnid) ? fields.txnid : "unknown";
      const reading = gateways.of("payu").readReturn(fields);
      const order = reading.kind === "order" ? await orderOfEvent("payu", reading.order) : null;
      if (reading.kind !== "order" || !order) {
        logger.warn("payu return refused", { reason: reading.kind === "order" ? "unknown order" : "reverse hash mismatch" });
        return thankYouPath(txnid, txnid);
      }
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? reading.paymentId ?? order.orderId);
    },

    async phonepeOrder(caller: RepayCaller, input: { amount: number | null; leadId: string }) {
      const started = await startCheckout("phonepe", caller, { leadId: input.leadId, rupees: input.amount });
      return { redirectUrl: browserAs(started.browser, "redirect").url };
    },

    /** PhonePe's redirect back: the status API decides; on to the status page. */
    async phonepeReturn(orderId: string): Promise<string> {
      // The browser brings the id back in the query: anything that is not one of our ids is simply unknown.
      const order = await orderOf("phonepe", orderId);
      if (!order) return thankYouPath("unknown", "unknown");
      const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
      return thankYouPath(order.orderId, state.transactionId ?? order.orderId);
    },

    /** instifiGetSataus: asks the gateway when the order is not final, posts once, answers. */
    async status(input: { order_id: string; txn_id?: string }) {
      const order = await findOrder(input.order_id.slice(0, 100));
      if (!order) throw new NotFound(REPAY_CODES.unknownOrder);
      const state = await refresh(order);
      return { transactionId: state.transactionId ?? input.txn_id ?? "", status: state.status };
    },

    notification,
    /** Razorpay webhook: signature over the raw bytes, de-duplicated by event id, confirmed by asking Razorpay. */
    razorpayWebhook: (delivery: WebhookDelivery) => notification("razorpay", delivery),
    /** PhonePe webhook: Authorization header checked; only the status API's answer is trusted. */
    phonepeWebhook: (delivery: WebhookDelivery) => notification("phonepe", delivery),
    /** PayU's server-to-server notification: the reverse hash checked; verify_payment decides. */
    payuNotification: (delivery: WebhookDelivery) => notification("payu", delivery),

    /** Webhook event ids seen (tests and reconciliation). */
    async webhookEventsSeen(gateway: GatewayName) {
      return db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.gateway, gateway));
    },

    /** Reconciliation: ask the gateway about one order (posts once), record a delivery, find an order. */
    refresh,
    firstDelivery,
    orderOf,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
