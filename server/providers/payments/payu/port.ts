// PayU India hosted checkout (integrations.md): a form POST with a SHA-512 request hash, a reverse hash on
// the answer posted to surl/furl, and verify_payment on the server before anything is credited.
import { parseRupees } from "../../../../core/money.ts";
import { createHash, createHmac } from "node:crypto";
import type { IsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement } from "../settlement.ts";
import { safeEqualHexDigest } from "../shared.ts";

export interface PayuUdfs {
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  /** The spec puts the lead id here. */
  udf5?: string;
}

export interface PayuPaymentRequest extends PayuUdfs {
  /** Ours, unique per attempt, at most 25 characters. */
  txnid: string;
  amountPaise: number;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  /** Where PayU posts a successful answer; absolute http(s) URLs. */
  surl: string;
  furl: string;
  /** Optional: where a cancelled payment is posted (else furl). */
  curl?: string;
}

/** The form the browser posts to PayU. */
export interface PayuPaymentForm {
  action: string;
  method: "POST";
  fields: Record<string, string>;
}

/** PayU's answer posted to surl/furl, after the reverse hash was checked. */
export interface PayuResponse {
  /** success | failure | pending (as PayU spells them). */
  status: string;
  txnid: string;
  mihpayid: string;
  /** As PayU sent it ("1000.00"); the hash covers this text. */
  amount: string;
  amountPaise: number | null;
  unmappedstatus: string;
  mode: string;
  udf5: string;
  errorMessage: string;
}

/** One transaction as verify_payment reports it. */
export interface PayuTransaction {
  txnid: string;
  mihpayid: string;
  /** success | failure | pending | …: only "success" is paid. */
  status: string;
  unmappedstatus: string;
  amountPaise: number | null;
  additionalChargesPaise: number;
  mode: string;
  udf5: string;
  errorMessage: string;
  /** When PayU took the payment: India time, "YYYY-MM-DD HH:MM:SS" (the payment's value date). */
  addedOn: string | null;
}

/** cancel_refund_transaction's answer: queued (error_code 102) or refused, with PayU's code and words. */
export interface PayuRefundAnswer {
  queued: boolean;
  requestId: string | null;
  errorCode: number | null;
  message: string;
}

/** One refund action of a payment, as check_action_status reports it. */
export interface PayuRefund {
  requestId: string;
  token: string;
  amountPaise: number | null;
  /** success | failure | queued | in progress | requested | od_hit …: only "success" is paid. */
  status: string;
  bankRefNum: string;
}

/** PayU's refund codes: 102 queued; 106 "Token already exists" (our earlier request with this token). */
export const PAYU_REFUND_QUEUED = 102;
export const PAYU_REFUND_TOKEN_EXISTS = 106;
export const PAYU_REFUND_TOKEN = /^[A-Za-z0-9_-]{1,40}$/;
export const PAYU_MIHPAYID = /^[0-9]{1,30}$/;

export interface PayuGateway {
  readonly provider: "payu" | "sandbox";
  /** Builds the hosted-checkout form with its request hash; throws PaymentGatewayError("invalid_request") on bad input. */
  paymentForm(request: PayuPaymentRequest): PayuPaymentForm;
  /** Checks the reverse hash of the fields posted to surl/furl; null when it does not match. It does not mean paid: call verifyPayment. */
  verifyResponse(fields: Record<string, unknown>): PayuResponse | null;
  /** verify_payment for one txnid; null when PayU does not know it. */
  verifyPayment(txnid: string): Promise<PayuTransaction | null>;
  /** The settlements made on an India date, from the Settlement Details Range API. */
  settlementReport(on: IsoDate): Promise<GatewaySettlement[]>;
  /** cancel_refund_transaction: var1 the mihpayid, var2 our unique token, var3 the amount in rupees. */
  refund(input: { mihpayid: string; token: string; amountPaise: number }): Promise<PayuRefundAnswer>;
  /** check_action_status by mihpayid: the refund made with our token, or null when PayU has none. */
  refundStatus(input: { mihpayid: string; token: string }): Promise<PayuRefund | null>;
  /** Checks the secret in our refund-notification URL (PayU's refund callback carries no hash of its own). */
  verifyRefundNotification(urlToken: string | undefined | null): boolean;
}

const sha512 = (text: string) => createHash("sha512").update(text, "utf8").digest("hex");
const udfs = (f: PayuUdfs) => [f.udf1 ?? "", f.udf2 ?? "", f.udf3 ?? "", f.udf4 ?? "", f.udf5 ?? ""];

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT), lowercase hex. */
export function payuRequestHash(
  key: string,
  salt: string,
  f: PayuUdfs & { txnid: string; amount: string; productinfo: string; firstname: string; email: string },
): string {
  return sha512([key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...udfs(f), "", "", "", "", "", salt].join("|"));
}

/**
 * sha512(SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key),
 * with "additionalCharges|" in front when PayU sent additionalCharges.
 */
export function payuResponseHash(
  key: string,
  salt: string,
  f: PayuUdfs & { status: string; email: string; firstname: string; productinfo: string; amount: string; txnid: string; additionalCharges?: string },
): string {
  const reversed = [salt, f.status, "", "", "", "", "", ...udfs(f).reverse(), f.email, f.firstname, f.productinfo, f.amount, f.txnid, key].join("|");
  return sha512(f.additionalCharges ? `${f.additionalCharges}|${reversed}` : reversed);
}

/** sha512(key|command|var1|SALT), the hash of a postservice command such as verify_payment. */
export function payuCommandHash(key: string, command: string, var1: string, salt: string): string {
  return sha512(`${key}|${command}|${var1}|${salt}`);
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The reverse-hash check of a posted answer, constant-time; the key must be ours. */
export function verifyPayuResponseHash(key: string, salt: string, fields: Record<string, unknown>): boolean {
  if (text(fields.key) !== key) return false;
  const expected = payuResponseHash(key, salt, {
    status: text(fields.status),
    udf1: text(fields.udf1),
    udf2: text(fields.udf2),
    udf3: text(fields.udf3),
    udf4: text(fields.udf4),
    udf5: text(fields.udf5),
    email: text(fields.email),
    firstname: text(fields.firstname),
    productinfo: text(fields.productinfo),
    amount: text(fields.amount),
    txnid: text(fields.txnid),
    additionalCharges: text(fields.additionalCharges) || undefined,
  });
  return safeEqualHexDigest(expected, text(fields.hash));
}

/**
 * The secret in the refund-notification URL configured on PayU's dashboard: hex(HMAC-SHA256(salt,
 * "payu-refund-notify")), so it needs no setting of its own and changes when the salt is rotated.
 */
export function payuRefundNotifyToken(salt: string): string {
  return createHmac("sha256", salt).update("payu-refund-notify", "utf8").digest("hex");
}

export const verifyPayuRefundNotifyToken = (salt: string, given: string | undefined | null) =>
  safeEqualHexDigest(payuRefundNotifyToken(salt), typeof given === "string" ? given : "");

/** PayU's refund status callback (JSON, action "refund"): the refund our token (var2) names, in PayU's words. */
export interface PayuRefundCallback {
  token: string;
  mihpayid: string;
  requestId: string;
  amountPaise: number | null;
  /** success | failure | pending | queued …: success and failure are final. */
  status: string;
  bankArn: string;
}

export function parsePayuRefundCallback(rawBody: string): PayuRefundCallback | null {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!json || typeof json !== "object" || (json.action !== undefined && json.action !== "refund")) return null;
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
  const token = str(json.token);
  const status = str(json.status).toLowerCase();
  if (!PAYU_REFUND_TOKEN.test(token) || !status) return null;
  return {
    token,
    mihpayid: str(json.mihpayid),
    requestId: str(json.request_id),
    amountPaise: parseRupees(str(json.amt)),
    status,
    bankArn: str(json.bank_arn),
  };
}

export const PAYU_TXNID = /^[A-Za-z0-9_-]{1,25}$/;
export const PAYU_AMOUNT = /^\d+(\.\d{1,2})?$/;
