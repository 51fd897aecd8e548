// One port over the three repayment gateways (issue 20): start a checkout, confirm an order with the
// gateway, and read a notification into one common event. Each vendor's translation lives in its own
// file (razorpay/razorpay-gateway.ts, payu/payu-gateway.ts, phonepe/phonepe-gateway.ts) over that
// vendor's adapter, so the checkout service never asks which gateway it is talking to.
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";
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

/** What the browser needs to pay: Razorpay's checkout script, PayU's form, or PhonePe's page. */
export type BrowserCheckout =
  | { kind: "razorpay_checkout"; keyId: string; scriptUrl: string }
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

/** The payer's details were refused before any call (PayU's form checks them): not a gateway failure. */
export class CheckoutRefused extends Error {}

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** Creates the gateway's order where it has one, and says what the browser needs. */
  createCheckout(order: CheckoutOrder): Promise<CreatedCheckout>;
  /** Asks the gateway where an order stands. */
  confirm(order: OrderRef): Promise<Confirmation>;
  /** Checks a notification's signature over the raw delivery, then reads it. */
  parseNotification(delivery: WebhookDelivery): NotificationReading;
}
