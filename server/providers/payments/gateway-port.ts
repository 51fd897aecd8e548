// One port over the repayment gateways (issues 20 and 31): start a checkout, read the browser's return,
// confirm an order with the gateway, read a notification into one common event, refund a payment and
// ask about the refund, and read the settlement report. Each vendor's translation lives in its own
// file (razorpay/razorpay-gateway.ts, payu/payu-gateway.ts, phonepe/phonepe-gateway.ts) over that
// vendor's adapter, so no module outside providers/payments asks which gateway it is talking to.
import type { IsoDate } from "../../../core/calendar.ts";
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
import type { GatewaySettlement } from "./settlement.ts";
import type { WebhookDelivery } from "./shared.ts";

/** One attempt to pay, as the checkout service orders it. */
export interface CheckoutOrder {
  /** Ours (SOTR…), unique per attempt. */
  orderId: string;
  amountPaise: number;
  leadId: string;
  /** The payer's own details from their profile. */
  payer: { name: string; email: string; mobile: string };
  /** What is paid for (PayU's productinfo). */
  description: string;
  /** Our return route for this gateway (/payments/<gateway>/return on our origin). */
  returnUrl: string;
}

/**
 * What the browser needs to pay, by kind (the Pay Now dialog picks its step by it, never by the gateway's
 * name): a checkout script whose constructor (`global`) opens an overlay (Razorpay's), a form posted to
 * the gateway's hosted page (PayU's), or a page to go to (PhonePe's).
 */
export type BrowserCheckout =
  | { kind: "script_checkout"; global: string; keyId: string; scriptUrl: string }
  | { kind: "form_post"; action: string; fields: Record<string, string> }
  | { kind: "redirect"; url: string };

export interface CreatedCheckout {
  /** The gateway's id of the order (ours again where the gateway has none). */
  gatewayOrderId: string;
  browser: BrowserCheckout;
}

/** An order we stored, as confirm needs it. */
export interface OrderRef {
  orderId: string;
  gatewayOrderId: string | null;
}

/** The gateway's own answer about an order: only `paid` is credited, and only after the amount is checked. */
export type Confirmation =
  | { state: "paid"; paymentId: string; amountPaise: number; /** When the gateway took the money (decision 36). */ capturedAt: Date | null }
  | { state: "failed" }
  | { state: "cancelled" }
  | { state: "pending" };

/** A notification, verified, in common words. It only says whom to ask: nothing is credited on its word. */
export interface GatewayEvent {
  /** One id per delivery, to record it once (the vendor's event id or what identifies the event). */
  deliveryId: string;
  /** The vendor's event name. */
  name: string;
  /** Our order it concerns: by our id or by the gateway's; null when it names none. */
  order: { by: "orderId" | "gatewayOrderId"; id: string } | null;
  /** confirm: ask the gateway (confirm) and post what it says; attempt_failed: one attempt failed; nothing: no action. */
  asks: "confirm" | "attempt_failed" | "nothing";
}

export type NotificationReading =
  | { kind: "event"; event: GatewayEvent }
  /** Not signed by the gateway (not ours): refused with the vendor's words. */
  | { kind: "unverified"; message: string }
  /** Signed, but not an event we can read. */
  | { kind: "malformed"; message: string };

/**
 * What the browser brought back from the gateway: the order its fields name (checked where the gateway
 * signs them) and the payment they name, if any. Nothing is credited on it: the gateway is asked.
 */
export type ReturnReading =
  | { kind: "order"; order: { by: "orderId" | "gatewayOrderId"; id: string }; paymentId: string | null }
  /** paymentId: the payment the fields claim, unchecked, only to name a failure. */
  | { kind: "unverified"; paymentId?: string | null };

/** One refund attempt, as the refunds desk sends it back to the original payment. */
export interface RefundRequest {
  refundId: string;
  /** refund:<id> for the first attempt, refund:<id>:<n> after a confirmed failure: the gateway pays an attempt once. */
  attemptKey: string;
  amountPaise: number;
  /** The original payment's id at the gateway. */
  paymentId: string;
  /** Our order id of that payment (PhonePe refunds an order). */
  merchantOrderId: string;
}

/** Where a refund stands: "unknown" when the gateway gave no word to act on (ask again, never fail it). */
export interface RefundAnswer {
  state: "pending" | "processed" | "failed" | "unknown";
  reference: string | null;
  reason: string | null;
}

/** A refund notification, verified, in common words; the refunds desk matches it to the refund's current attempt. */
export interface RefundEvent {
  /** Our id of the attempt as the gateway has it (refundIdAtGateway). */
  ourRefundId: string;
  amountPaise: number | null;
  state: RefundAnswer["state"];
  reference: string | null;
  reason: string | null;
  deliveryId: string;
  name: string;
}

export type RefundNotificationReading =
  /** Not a refund's: a payment notification on the same URL (PhonePe), for checkout. */
  { kind: "not_refund" } | { kind: "event"; event: RefundEvent } | { kind: "unverified"; message: string } | { kind: "malformed"; message: string };

/**
 * Our id of a refund attempt at every gateway (Razorpay's receipt, PayU's token var2, PhonePe's
 * merchantRefundId): rf + the refund id without dashes, and -n after the first attempt.
 */
export const refundIdAtGateway = (attemptKey: string) =>
  attemptKey
    .replace(/^refund:/, "rf")
    .replace(/-/g, "")
    .replace(/:/g, "-");

/** The payer's details were refused before any call (PayU's form checks them): not a gateway failure. */
export class CheckoutRefused extends Error {}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Who answers: the gateway's own name in production, "sandbox" otherwise. */
  readonly provider: PaymentGatewayName | "sandbox";
  /** Creates the gateway's order where it has one, and says what the browser needs. */
  createCheckout(order: CheckoutOrder): Promise<CreatedCheckout>;
  /** Reads the fields the browser brings back from the gateway (its signature first, where it signs them). */
  readReturn(fields: Record<string, unknown>): ReturnReading;
  /** Asks the gateway where an order stands. */
  confirm(order: OrderRef): Promise<Confirmation>;
  /** Asks the gateway about the one payment the browser named (where it can be asked; else the order). */
  confirmPayment(order: OrderRef, paymentId: string): Promise<Confirmation>;
  /** Checks a notification's signature over the raw delivery, then reads it. */
  parseNotification(delivery: WebhookDelivery): NotificationReading;
  /** Refunds part or all of a payment; asking again with the same attempt never refunds twice. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** The attempt's refund at the gateway, or null when the gateway has no record of it. */
  refundStatus(request: RefundRequest): Promise<RefundAnswer | null>;
  /** Checks and reads a refund notification (its own URL, or the payment webhook's). */
  parseRefundNotification(delivery: WebhookDelivery): RefundNotificationReading;
  /** The settlements the gateway made on an India date, in one shape. */
  settlementReport(on: IsoDate): Promise<GatewaySettlement[]>;
}
