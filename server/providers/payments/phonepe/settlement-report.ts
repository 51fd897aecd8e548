// PhonePe PG settlements: the settlement ids of a date range (GET /settlements/v1/list), then each
// settlement's transactions (GET /settlements/v1/{settlementId}/transactions, limit ≤ 50, offset in
// steps of the limit), O-Bearer token as the other PG APIs. Amounts are paise.
import { todayInIndia, type IsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement, SettlementLine, SettlementLineType } from "../settlement.ts";

export interface PhonepeSettlementSummary {
  settlementId: string;
  /** INITIATED | PROCESSED | ATTEMPT_FAILED: only PROCESSED reached the bank. */
  state: string;
  utr: string;
  amount: number;
  /** Epoch milliseconds. */
  settlementDate: number;
}

export interface PhonepeSettlementTransaction {
  /** PhonePe's transaction id of the payment (paymentDetails[].transactionId of the order status). */
  transactionId: string;
  merchantOrderId: string;
  orderId: string;
  transactionType: string;
  amount: number;
  /** The fee without GST. */
  fee: number;
  /** GST on the fee. */
  tax: number;
  settlementAmount: number;
  transactionTimestamp: number;
}

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

const PHONEPE_TYPE: Record<string, SettlementLineType> = { PAYMENT: "payment", REFUND: "refund", CHARGEBACK: "chargeback", ADJUSTMENT: "adjustment" };

/**
 * PAYMENT, REFUND (transactionId is the refund's id at PhonePe, as our refund records it),
 * CHARGEBACK and ADJUSTMENT. Amounts are paise, positive; a refund or a chargeback is a deduction.
 * An adjustment keeps the sign PhonePe gives its settlementAmount.
 */
export function phonepeSettlementLines(transactions: unknown[]): SettlementLine[] {
  const lines: SettlementLine[] = [];
  for (const raw of transactions) {
    const t = raw as Partial<PhonepeSettlementTransaction>;
    const type = PHONEPE_TYPE[String(t?.transactionType)];
    if (!type || typeof t.transactionId !== "string") continue;
    const [amount, fee, tax, net] = [int(t.amount), int(t.fee), int(t.tax), int(t.settlementAmount)];
    if (amount === null || fee === null || tax === null || net === null) continue;
    if (type === "payment") {
      lines.push({ paymentId: t.transactionId, grossPaise: amount, feePaise: fee, taxPaise: tax, netPaise: net });
      continue;
    }
    const gross = type === "adjustment" ? net + fee + tax : -Math.abs(amount);
    lines.push({ type, paymentId: t.transactionId, grossPaise: gross, feePaise: fee, taxPaise: tax, netPaise: gross - fee - tax });
  }
  return lines;
}

export function phonepeSettlement(summary: PhonepeSettlementSummary, transactions: unknown[]): GatewaySettlement {
  return {
    settlementId: summary.settlementId,
    utr: summary.utr ?? "",
    settledOn: todayInIndia(new Date(summary.settlementDate)) as IsoDate,
    lines: phonepeSettlementLines(transactions),
  };
}
