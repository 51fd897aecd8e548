// PayU's Settlement Details Range API (https://info.payu.in/settlement/range): transaction-level
// settlement data for a date range, paginated. Authorised by an HMAC header:
//   authorization: hmac username="<key>", algorithm="sha512", headers="date", signature="<sha512(body|date|salt)>"
// Amounts are rupees as text; each settlement carries its UTR and its transactions (payuId = mihpayid).
import { createHash } from "node:crypto";
import { isIsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement } from "../settlement.ts";
import { rupeesToPaise, safeEqualHexDigest } from "../shared.ts";

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

/** Captured transactions only (refunds and chargebacks are other actions); settledOn from settlementCompletedDate (India time). */
export function payuSettlementsFromRange(data: unknown[]): GatewaySettlement[] {
  const out: GatewaySettlement[] = [];
  for (const raw of data) {
    const s = raw as Partial<PayuSettlement>;
    const settledOn = String(s?.settlementCompletedDate ?? "").slice(0, 10);
    if (typeof s?.settlementId !== "string" || !isIsoDate(settledOn) || !Array.isArray(s.transaction)) continue;
    const lines = [];
    for (const t of s.transaction) {
      if (t?.action !== "capture" || typeof t.payuId !== "string") continue;
      const [gross, fee, tax, net] = [t.transactionAmount, t.mdr, t.serviceTax, t.settlementAmount].map((v) => rupeesToPaise(v));
      if (gross === null || fee === null || tax === null || net === null) continue;
      lines.push({ paymentId: t.payuId, grossPaise: gross, feePaise: fee, taxPaise: tax, netPaise: net });
    }
    out.push({ settlementId: s.settlementId, utr: String(s.utrNumber ?? ""), settledOn, lines });
  }
  return out;
}
