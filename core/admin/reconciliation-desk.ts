// What the reconciliation and settlements screens may ask of the server (issue 20): accounts reads
// the orders being chased, the exceptions (amount mismatches, unanswered orders, settlement lines that
// do not match) and marks an exception as dealt with, with a note; the auditor reads.
import { PAYMENT_GATEWAY_TITLES, type PaymentGatewayName } from "../payment-gateways.ts";

export type ReconciliationGateway = PaymentGatewayName;
export type ReconciliationExceptionKind =
  "amount_mismatch" | "unanswered_order" | "unknown_payment" | "settlement_amount" | "not_settled" | "unknown_refund" | "chargeback" | "settlement_adjustment";

export const EXCEPTION_KIND_LABELS: Record<ReconciliationExceptionKind, string> = {
  amount_mismatch: "Paid amount differs from the order",
  unanswered_order: "Order unanswered by the gateway",
  unknown_payment: "Settled payment we have not recorded",
  settlement_amount: "Settled amount differs from the payment",
  not_settled: "Payment not settled yet",
  unknown_refund: "Settled refund we have not recorded",
  chargeback: "Chargeback taken from a settlement: contest it or correct the loan",
  settlement_adjustment: "Gateway adjustment in a settlement: clear it by a journal",
};

export const GATEWAY_LABELS: Record<ReconciliationGateway, string> = PAYMENT_GATEWAY_TITLES;

export interface ChasedOrderRow {
  orderId: string;
  gateway: ReconciliationGateway;
  loanNo: string | null;
  amountPaise: number;
  createdAt: string;
}

export interface ReconciliationExceptionRow {
  id: string;
  kind: ReconciliationExceptionKind;
  gateway: ReconciliationGateway;
  orderId: string | null;
  gatewayPaymentId: string | null;
  settlementId: string | null;
  orderedPaise: number | null;
  paidPaise: number | null;
  detectedAt: string;
  resolvedAt: string | null;
  resolvedByEmail: string | null;
  resolutionNote: string | null;
}

export interface SettlementRow {
  gateway: ReconciliationGateway;
  settlementId: string;
  utr: string;
  settledOn: string;
  grossPaise: number;
  feePaise: number;
  taxPaise: number;
  netPaise: number;
  lineCount: number;
  unmatchedCount: number;
}

/** What reading the settlements of past days again did (accounts' action on the settlements screen). */
export interface SettlementRangeResult {
  from: string;
  to: string;
  settlements: number;
  posted: number;
  unmatchedLines: number;
  errors: number;
  failed: { gateway: ReconciliationGateway; on: string }[];
}

export interface ReconciliationDesk {
  /** Reads and posts the settlements of the days from `from` to `to` again (any past days, at most 31); posted once each. */
  settleRange(input: { from: string; to: string }): Promise<SettlementRangeResult>;
  /** Orders still open that the job is asking the gateways about, oldest first; and the open exceptions (or the dealt-with ones). */
  overview(query?: { show?: "open" | "resolved" }): Promise<{ chasing: ChasedOrderRow[]; exceptions: ReconciliationExceptionRow[]; show: "open" | "resolved" }>;
  resolve(input: { id: string; note: string }): Promise<{ id: string }>;
  /** Settlements posted, newest first, and the settlement lines that did not match (open exceptions of the settlement kinds). */
  settlements(query?: { page?: number }): Promise<{
    rows: SettlementRow[];
    total: number;
    page: number;
    pageSize: number;
    unmatched: ReconciliationExceptionRow[];
  }>;
}
