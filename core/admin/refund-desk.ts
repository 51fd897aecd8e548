// What the refunds screen may ask of the server (decision 37): accounts or collections request a refund
// of a loan's excess; another person in accounts approves or rejects it; the provider pays it.
import { addWorkingDays } from "../credit.ts";
import type { IsoDate } from "../calendar.ts";

export type RefundStatus = "REQUESTED" | "APPROVED" | "SENT" | "UNKNOWN" | "PROCESSED" | "REJECTED";
export type RefundRoute = "gateway" | "bank";

/** Decision 37: refunded within 7 working days of the excess arising. */
export const REFUND_WORKING_DAYS = 7;
export const refundDeadline = (arose: IsoDate): IsoDate => addWorkingDays(arose, REFUND_WORKING_DAYS);

/** The desk's words for each status (the customer's are in customerRefundStatus). */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  REQUESTED: "Waiting for approval",
  APPROVED: "Approved, being sent",
  SENT: "Sent to the provider",
  UNKNOWN: "Provider did not answer: ask it before anything else",
  PROCESSED: "Refunded",
  REJECTED: "Rejected",
};

/** What the customer reads on Loan Details (a rejected request is not shown: the money is still held). */
export function customerRefundStatus(status: Exclude<RefundStatus, "REJECTED">): "In progress" | "Refunded" {
  return status === "PROCESSED" ? "Refunded" : "In progress";
}

export interface ExcessHeldRow {
  leadId: string;
  loanNo: string;
  heldPaise: number;
  /** The day the oldest excess still held arose (its payment's date). */
  arose: IsoDate;
  deadline: IsoDate;
  late: boolean;
  /** A gateway payment of this loan that can take the refund back, e.g. "Razorpay payment of ₹23,200.00". */
  gatewayPayment: string | null;
  /** The verified account, masked: "ending 1234"; null when none is verified. */
  bankAccount: string | null;
  /** The refund in flight, if any. */
  liveRefundStatus: RefundStatus | null;
}

export interface RefundRow {
  id: string;
  loanNo: string;
  amountPaise: number;
  route: RefundRoute;
  /** "to the original Razorpay payment" or "to the bank account ending 1234". */
  destination: string;
  status: RefundStatus;
  attempt: number;
  failureReason: string | null;
  rejectReason: string | null;
  requestedByEmail: string | null;
  requestedAt: string;
  approvedByEmail: string | null;
  approvedAt: string | null;
  processedAt: string | null;
}

export interface RefundRequestInput {
  leadId: string;
  route: string;
  /** Rupees as typed, up to two decimals. */
  amountRupees: string;
}

export interface RefundDesk {
  /** Loans holding customer excess, oldest excess first, with the 7-working-day deadline. */
  excessHeld(): Promise<ExcessHeldRow[]>;
  /** Requests waiting for a second person in accounts, oldest first (at most one per loan). */
  waiting(): Promise<RefundRow[]>;
  /** Refunds past the request (approved, sent, unknown, paid, rejected), newest first, 25 a page. */
  list(query?: { page?: number }): Promise<{ rows: RefundRow[]; total: number; page: number; pageSize: number }>;
  request(input: RefundRequestInput): Promise<RefundRow>;
  approve(input: { id: string }): Promise<RefundRow>;
  reject(input: { id: string; reason: string }): Promise<RefundRow>;
  /** Asks the provider about a refund sent or unknown, and applies its answer. */
  check(input: { id: string }): Promise<RefundRow>;
}
