// Checkout (decision 29, issue 20): an order per attempt at a gateway, the browser's return, the
// gateways' notifications and asking a gateway about an order, all through the one PaymentGateway
// port and for any gateway of the list by its name. Nothing is credited on the browser's or a
// notification's word: the gateway's own answer (confirm) decides, and payment posting posts it once.
// The spec's per-gateway calls (REPAY-API) are thin bindings of these (repay-api-bindings.ts).
import { randomBytes } from "node:crypto";
import { repaymentChargePaise, rupeesToPaise } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { paymentOrders } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { CheckoutRefused, type PaymentGateways, type WebhookDelivery } from "../../providers/payments/index.ts";
import { Malformed, NotAuthenticated, NotFound, ProviderDown, Refused } from "../domain-errors.ts";
import { isLoan, type LoanLead } from "../loans/loans.service.ts";
import { payerProfile } from "./payer-profile.ts";
import { REPAY_CODES } from "../../../core/i18n/index.ts";
import { PAYMENT_CALLBACKS, thankYouPath, type GatewayName, type RepayCaller } from "./payments-common.ts";
import type { PaymentPostingService } from "./payment-posting.service.ts";
import { createCheckoutOrders, type Order, type Refreshed } from "./checkout-orders.ts";
import { repayApiBindings } from "./repay-api-bindings.ts";

const newOrderId = () => `SOTR${randomBytes(8).toString("hex").toUpperCase()}`;

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
  const orders = createCheckoutOrders({ db, now });
  const { current, markFailed, orderOfEvent } = orders;

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
  async function checkout(gateway: GatewayName, caller: RepayCaller, input: { leadId: string; rupees: number | null; description?: string }) {
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
      // What is paid for (PayU's productinfo): the page sent "Repayment <loan no>" before it was written here.
      description: input.description ?? `Repayment ${lead.loanNo ?? ""}`.trim(),
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
    return { gateway, orderId, lead, payer: order.payer, amountPaise, gatewayOrderId: created.gatewayOrderId, browser: created.browser };
  }

  /** Asks the gateway about an order not yet paid, posts a confirmed payment once, and says where it stands. */
  async function refresh(order: Order): Promise<Refreshed> {
    if (order.status === "paid") return { status: "Completed", transactionId: await orders.paidTxnId(order) };
    const answer = await gatewayCall(() => gateways.of(order.gateway).confirm(order));
    if (answer.state === "paid") await settle(order, order.gateway, answer.paymentId, answer.amountPaise, answer.capturedAt);
    else if (answer.state === "failed" || answer.state === "cancelled") await markFailed(order);
    return current(order);
  }

  /**
   * A script checkout's result, as the page hands it on (Razorpay's handler): the gateway's signature
   * over the order first, then the payment the browser named is asked about and posted once. A failure
   * names the payment the fields claim (unchecked), as the spec's razorpayVerify answers.
   */
  async function verifyCheckout(gateway: GatewayName, fields: Record<string, unknown>) {
    const port = gateways.of(gateway);
    const reading = port.readReturn(fields);
    const failed = { ok: false as const, data: { status: "FAILED" as const, txnId: reading.paymentId ?? "" } };
    // The signature covers the order id the browser sent, and that id must be the one we stored.
    const order = reading.kind === "order" ? await orderOfEvent(gateway, reading.order) : null;
    if (!order || reading.kind !== "order" || !reading.paymentId) return failed;
    const paymentId = reading.paymentId;
    const answer = await gatewayCall(() => port.confirmPayment(order, paymentId));
    if (answer.state !== "paid") return failed;
    await settle(order, gateway, answer.paymentId, answer.amountPaise, answer.capturedAt);
    const state = await current(order);
    if (state.status !== "Completed") return failed;
    return { ok: true as const, data: { status: "SUCCESS" as const, txnId: answer.paymentId, order_id: order.orderId } };
  }

  /**
   * The browser back from the gateway's page (a form post or a redirect): the fields are read by the
   * gateway (its signature first, where it signs them), the gateway is asked, and the browser goes to
   * the status page. `unknownId` names the status page of a return we cannot place.
   */
  async function returnFrom(gateway: GatewayName, fields: Record<string, unknown>, unknownId = "unknown"): Promise<string> {
    const reading = gateways.of(gateway).readReturn(fields);
    const order = reading.kind === "order" ? await orderOfEvent(gateway, reading.order) : null;
    if (reading.kind !== "order" || !order) {
      logger.warn("gateway return refused", { gateway, reason: reading.kind === "order" ? "unknown order" : "signature mismatch" });
      return thankYouPath(unknownId, unknownId);
    }
    const state = await refresh(order).catch(() => ({ status: "Pending" as const, transactionId: null }));
    return thankYouPath(order.orderId, state.transactionId ?? reading.paymentId ?? order.orderId);
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
    await orders.firstDelivery(gateway, event.deliveryId, event.name);
  }

  /** instifiGetSataus: asks the gateway when the order is not final, posts once, answers. */
  async function status(input: { order_id: string; txn_id?: string }) {
    const order = await orders.findOrder(input.order_id.slice(0, 100));
    if (!order) throw new NotFound(REPAY_CODES.unknownOrder);
    const state = await refresh(order);
    return { transactionId: state.transactionId ?? input.txn_id ?? "", status: state.status };
  }

  const generic = { checkout, verifyCheckout, returnFrom, notification };
  return {
    ...generic,
    ...repayApiBindings(generic),
    status,
    webhookEventsSeen: orders.webhookEventsSeen,
    /** Reconciliation: ask the gateway about one order (posts once), record a delivery, find an order. */
    refresh,
    firstDelivery: orders.firstDelivery,
    orderOf: orders.orderOf,
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
