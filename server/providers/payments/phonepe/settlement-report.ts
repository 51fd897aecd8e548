// PhonePe PG settlements: the settlement ids of a date range (GET /settlements/v1/list), then each
// settlement's transactions (GET /settlements/v1/{settlementId}/transactions, limit ≤ 50, offset in
// steps of the limit), O-Bearer token as the other PG APIs. Amounts are paise.
import { todayInIndia, type IsoDate } from "../../../../core/calendar.ts";
import type { GatewaySettlement, SettlementLine } from "../settlement.ts";

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

export function phonepeSettlementLines(transactions: unknown[]): SettlementLine[] {
  const lines: SettlementLine[] = [];
  for (const raw of transactions) {
    const t = raw as Partial<PhonepeSettlementTransaction>;
    if (t?.transactionType !== "PAYMENT" || typeof t.transactionId !== "string") continue;
    const [gross, fee, tax, net] = [int(t.amount), int(t.fee), int(t.tax), int(t.settlementAmount)];
    if (gross === null || fee === null || tax === null || net === null) continue;
    lines.push({ paymentId: t.transactionId, grossPaise: gross, feePaise: fee, taxPaise: tax, netPaise: net });
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
