// PayU's Settlement Details Range API (https://info.payu.in/settlement/range): transaction-level
// settlement data for a date range, paginated. Authorised by an HMAC header:
//   authorization: hmac username="<key>", algorithm="sha512", headers="date", signature="<sha512(body|date|salt)>"
// Amounts are rupees as text; each settlement carries its UTR and its transactions (payuId = mihpayid).
import { parseRupees } from "../../../../core/money.ts";
import { createHash } from "node:crypto";
import { isIsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement, SettlementLineType } from "../settlement.ts";
import { safeEqualHexDigest } from "../shared.ts";

export interface PayuSettlementTransaction {
  action: string;
  payuId: string;
  parentPayuId: string;
  requestId: string;
  transactionAmount: string;
  merchantTransactionId: string;
  /** The gateway's fee (MDR) on the transaction, without GST. */
  mdr: string;
  /** GST on the fee. */
  serviceTax: string;
  merchantServiceFee: string;
  merchantServiceTax: string;
  settlementAmount: string;
  transactionDate: string;
  paymentMode: string;
}

export interface PayuSettlement {
  settlementId: string;
  settlementCompletedDate: string;
  settlementAmount: string;
  merchantId: number;
  utrNumber: string;
  transaction: PayuSettlementTransaction[];
}

export interface PayuSettlementRangeReply {
  status: number;
  result: { page: number; size: number; totalCount: number; data: PayuSettlement[] } | null;
}

export const payuSettlementSignature = (body: string, date: string, salt: string) =>
  createHash("sha512").update(`${body}|${date}|${salt}`, "utf8").digest("hex");

export const payuSettlementAuthorization = (key: string, signature: string) =>
  `hmac username="${key}", algorithm="sha512", headers="date", signature="${signature}"`;

/** The sandbox's side of the header check. */
export function verifyPayuSettlementAuthorization(key: string, salt: string, body: string, date: string, header: string | undefined): boolean {
  const m = /^hmac username="([^"]*)", algorithm="sha512", headers="date", signature="([0-9a-f]+)"$/.exec(header ?? "");
  return !!m && m[1] === key && safeEqualHexDigest(payuSettlementSignature(body, date, salt), m[2]);
}

/**
 * PayU's actions: capture (a payment), refund (its requestId is the refund's id, as our refund
 * records it), chargeback and chargeback_reversal; settledOn from settlementCompletedDate (India
 * time). PayU writes every amount as a positive figure except a deduction's settlementAmount; the
 * sign of a line comes from its action.
 */
const PAYU_ACTION: Record<string, SettlementLineType> = { capture: "payment", refund: "refund", chargeback: "chargeback", chargeback_reversal: "chargeback" };

export function payuSettlementsFromRange(data: unknown[]): GatewaySettlement[] {
  const out: GatewaySettlement[] = [];
  for (const raw of data) {
    const s = raw as Partial<PayuSettlement>;
    const settledOn = String(s?.settlementCompletedDate ?? "").slice(0, 10);
    if (typeof s?.settlementId !== "string" || !isIsoDate(settledOn) || !Array.isArray(s.transaction)) continue;
    const lines = [];
    for (const t of s.transaction) {
      const type = PAYU_ACTION[String(t?.action)];
      if (!type || typeof t.payuId !== "string") continue;
      const [amount, fee, tax] = [t.transactionAmount, t.mdr, t.serviceTax].map((v) => parseRupees(String(v ?? "").replace(/^-/, "")));
      if (amount === null || fee === null || tax === null) continue;
      if (type === "payment") {
        const net = parseRupees(t.settlementAmount);
        if (net === null) continue;
        lines.push({ paymentId: t.payuId, grossPaise: amount, feePaise: fee, taxPaise: tax, netPaise: net });
        continue;
      }
      const gross = t.action === "chargeback_reversal" ? amount : -amount;
      const id = type === "refund" && t.requestId ? t.requestId : t.payuId;
      const parent = t.parentPayuId || (type === "refund" ? "" : t.payuId);
      lines.push({
        type,
        paymentId: id,
        ...(parent ? { parentPaymentId: parent } : {}),
        grossPaise: gross,
        feePaise: fee,
        taxPaise: tax,
        netPaise: gross - fee - tax,
      });
    }
    out.push({ settlementId: s.settlementId, utr: String(s.utrNumber ?? ""), settledOn, lines });
  }
  return out;
}
