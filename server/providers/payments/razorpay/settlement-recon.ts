// Razorpay's settlement recon API, GET /v1/settlements/recon/combined?year&month&day: one item per
// transaction settled (payment, refund, dispute, adjustment), with the settlement's id and UTR. Razorpay's `fee` includes the GST on it
// (`tax`), and `credit` is what reached the bank (amount − fee).
import { todayInIndia } from "../../../../core/calendar.ts";
import type { GatewaySettlement, SettlementLineType } from "../settlement.ts";

/** One item as the recon API returns it (the fields we read, and the ones the sandbox fills). */
export interface RazorpayReconItem {
  entity_id: string;
  type: "payment" | "refund" | "transfer" | "adjustment" | string;
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number | null;
  settlement_id: string | null;
  posted_at: number | null;
  credit_type: string;
  description: string | null;
  notes: string | Record<string, string> | null;
  payment_id: string | null;
  settlement_utr: string | null;
  order_id: string | null;
  order_receipt: string | null;
  method: string | null;
  card_network: string | null;
  card_issuer: string | null;
  card_type: string | null;
  dispute_id: string | null;
}

const int = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

const LINE_TYPE: Record<string, SettlementLineType> = { payment: "payment", refund: "refund", dispute: "chargeback", adjustment: "adjustment" };

/**
 * Groups settled items by settlement: payments, refunds, disputes and adjustments (a transfer or an
 * unsettled item is not part of what reached the bank). Each item moves `credit − debit` to the bank
 * after `fee` (GST included), so its gross is credit − debit + fee; a payment's gross is its amount.
 */
export function razorpaySettlementsFromRecon(items: unknown[]): GatewaySettlement[] {
  const out = new Map<string, GatewaySettlement>();
  for (const raw of items) {
    const item = raw as Partial<RazorpayReconItem>;
    const type = LINE_TYPE[String(item?.type)];
    if (!type || item.settled !== true || typeof item.settlement_id !== "string" || typeof item.entity_id !== "string") continue;
    const [amount, fee, tax, credit, debit, settledAt] = [
      int(item.amount),
      int(item.fee),
      int(item.tax),
      int(item.credit),
      int(item.debit ?? 0),
      int(item.settled_at),
    ];
    if (amount === null || fee === null || tax === null || credit === null || debit === null || settledAt === null) continue;
    let settlement = out.get(item.settlement_id);
    if (!settlement) {
      settlement = { settlementId: item.settlement_id, utr: item.settlement_utr ?? "", settledOn: todayInIndia(new Date(settledAt * 1000)), lines: [] };
      out.set(item.settlement_id, settlement);
    }
    const net = credit - debit;
    const figures = { grossPaise: type === "payment" ? amount : net + fee, feePaise: fee - tax, taxPaise: tax, netPaise: net };
    if (type === "payment") settlement.lines.push({ paymentId: item.entity_id, ...figures });
    else settlement.lines.push({ type, paymentId: item.entity_id, ...(item.payment_id ? { parentPaymentId: item.payment_id } : {}), ...figures });
  }
  return [...out.values()];
}
