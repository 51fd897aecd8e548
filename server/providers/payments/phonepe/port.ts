// PhonePe PG Standard Checkout v2 (integrations.md): OAuth client-credentials token, create an order,
// send the browser to PhonePe, read the order status; webhooks carry Authorization = hex(SHA256(username:password)).
import { createHash } from "node:crypto";
import type { IsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement } from "../settlement.ts";
import { safeEqualHexDigest } from "../shared.ts";

export type PhonepeOrderState = "PENDING" | "FAILED" | "COMPLETED";

export interface PhonepeMetaInfo {
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

export interface PhonepeCreateOrder {
  /** Ours: at most 63 characters of [A-Za-z0-9_-]. */
  merchantOrderId: string;
  /** Paise, at least 100. */
  amountPaise: number;
  /** Where PhonePe sends the browser back; PhonePe adds nothing to it, so it must name the order. */
  redirectUrl: string;
  /** Seconds; PhonePe's default is 20 minutes. */
  expireAfterSeconds?: number;
  metaInfo?: PhonepeMetaInfo;
}

export interface PhonepePaymentDetail {
  transactionId: string;
  paymentMode: string;
  state: string;
  amount: number;
  timestamp: number;
  errorCode?: string;
}

export interface PhonepeOrderStatus {
  orderId: string;
  state: PhonepeOrderState;
  amountPaise: number;
  expireAt: number;
  metaInfo: PhonepeMetaInfo;
  paymentDetails: PhonepePaymentDetail[];
  errorCode?: string;
}

/** A verified webhook's content: only `payload.state` is trusted for the outcome (integrations.md). */
export interface PhonepeWebhook {
  event: string;
  merchantOrderId: string;
  orderId: string;
  state: PhonepeOrderState;
  amountPaise: number;
}

/** A refund (POST /payments/v2/refund, GET /payments/v2/refund/{merchantRefundId}/status). */
export type PhonepeRefundState = "PENDING" | "CONFIRMED" | "COMPLETED" | "FAILED";
export interface PhonepeRefund {
  refundId: string;
  amountPaise: number;
  state: PhonepeRefundState;
  errorCode?: string;
}
export const isPhonepeRefundState = (s: unknown): s is PhonepeRefundState => s === "PENDING" || s === "CONFIRMED" || s === "COMPLETED" || s === "FAILED";

export interface PhonepeGateway {
  readonly provider: "phonepe" | "sandbox";
  /** Creates the order; the browser goes to `redirectUrl` of the answer. */
  createOrder(input: PhonepeCreateOrder): Promise<{ orderId: string; state: PhonepeOrderState; redirectUrl: string; expireAt: number }>;
  /** The status API: what the server trusts before crediting. */
  orderStatus(merchantOrderId: string): Promise<PhonepeOrderStatus>;
  /** Refunds part or all of an order's payment; merchantRefundId is ours, unique, at most 63 characters. */
  refund(input: { merchantRefundId: string; originalMerchantOrderId: string; amountPaise: number }): Promise<PhonepeRefund>;
  /** The refund's state, or null when PhonePe has no refund with this id. */
  refundStatus(merchantRefundId: string): Promise<PhonepeRefund | null>;
  /** Checks the webhook's Authorization header against our username and password. */
  verifyWebhook(authorization: string | undefined | null): boolean;
  /** The settlements processed on an India date, with their transactions. */
  settlementReport(on: IsoDate): Promise<GatewaySettlement[]>;
}

/** hex(SHA256(username + ":" + password)): the Authorization header PhonePe sends with webhooks. */
export function phonepeWebhookAuthorization(username: string, password: string): string {
  return createHash("sha256").update(`${username}:${password}`, "utf8").digest("hex");
}

export function verifyPhonepeWebhookAuthorization(username: string, password: string, authorization: string | undefined | null): boolean {
  // Some integrations prefix the digest with "SHA256 "; the digest itself is what is compared.
  const given = typeof authorization === "string" ? authorization.trim().replace(/^SHA256\s+/i, "") : "";
  return safeEqualHexDigest(phonepeWebhookAuthorization(username, password), given);
}

const STATES: readonly string[] = ["PENDING", "FAILED", "COMPLETED"];
export const isPhonepeState = (v: unknown): v is PhonepeOrderState => typeof v === "string" && STATES.includes(v);

/** Reads a webhook body (after its Authorization was verified); null when it is not an order event. */
export function parsePhonepeWebhook(rawBody: string): PhonepeWebhook | null {
  let json: { event?: unknown; type?: unknown; payload?: Record<string, unknown> };
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const p = json?.payload;
  if (!p || typeof p !== "object" || typeof p.merchantOrderId !== "string" || !isPhonepeState(p.state)) return null;
  return {
    event: typeof json.event === "string" ? json.event : typeof json.type === "string" ? json.type : "",
    merchantOrderId: p.merchantOrderId,
    orderId: typeof p.orderId === "string" ? p.orderId : "",
    state: p.state,
    amountPaise: typeof p.amount === "number" ? p.amount : 0,
  };
}

/**
 * A refund event (pg.refund.accepted | completed | failed), after its Authorization was verified; PhonePe
 * sends it to the same webhook URL as order events. Only `payload.state` decides; null when not a refund.
 */
export interface PhonepeRefundWebhook {
  event: string;
  merchantRefundId: string;
  originalMerchantOrderId: string;
  refundId: string;
  amountPaise: number;
  state: PhonepeRefundState;
  errorCode: string | null;
}

const REFUND_EVENT = /^(pg\.refund\.|PG_REFUND_)/;

export function parsePhonepeRefundWebhook(rawBody: string): PhonepeRefundWebhook | null {
  let json: { event?: unknown; type?: unknown; payload?: Record<string, unknown> };
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = typeof json?.event === "string" ? json.event : typeof json?.type === "string" ? json.type : "";
  const p = json?.payload;
  if (!REFUND_EVENT.test(event) || !p || typeof p !== "object") return null;
  if (typeof p.merchantRefundId !== "string" || !isPhonepeRefundState(p.state)) return null;
  return {
    event,
    merchantRefundId: p.merchantRefundId,
    originalMerchantOrderId: typeof p.originalMerchantOrderId === "string" ? p.originalMerchantOrderId : "",
    refundId: typeof p.refundId === "string" ? p.refundId : "",
    amountPaise: typeof p.amount === "number" && Number.isSafeInteger(p.amount) ? p.amount : -1,
    state: p.state,
    errorCode: typeof p.errorCode === "string" ? p.errorCode.slice(0, 60) : null,
  };
}

/** Whether a (verified) webhook body is a refund event rather than an order event. */
export const isPhonepeRefundEvent = (rawBody: string) => {
  try {
    const json = JSON.parse(rawBody) as { event?: unknown; type?: unknown };
    return REFUND_EVENT.test(typeof json?.event === "string" ? json.event : typeof json?.type === "string" ? json.type : "");
  } catch {
    return false;
  }
};

/**
 * The repay-status call's transactionStatus for a PhonePe order (decision 21): COMPLETED → 'Completed'.
 * The payment status page shows success only for 'Completed'.
 */
export function phonepeTransactionStatus(state: PhonepeOrderState): "Completed" | "Pending" | "Failed" {
  return state === "COMPLETED" ? "Completed" : state === "PENDING" ? "Pending" : "Failed";
}

export const PHONEPE_MERCHANT_ORDER_ID = /^[A-Za-z0-9_-]{1,63}$/;
