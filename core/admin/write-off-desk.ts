// Write-off of an NPA (issue 29, decision 44): what the back office sees and may do. Accounts enters a
// write-off with its reason; the credit head approves or rejects it (never the person who entered it).
import type { StaffRole } from "../staff.ts";

export const WRITE_OFF_MESSAGES = {
  loanNo: "Enter the loan number of an open loan.",
  notNpa: "Only an NPA can be written off; this loan has not been classified NPA.",
  already: "This loan has a write-off waiting for approval or done already.",
  reason: "Please give the reason for the write-off (10 to 500 characters).",
  rejectReason: "Please give a reason (at least 5 characters).",
  fourEyes: "You entered this write-off; another person must approve or reject it.",
  notPending: "This write-off has been decided already.",
  notFound: "No such write-off.",
} as const;

export const WRITE_OFF_ENTER_ROLES = ["accounts"] as const satisfies readonly StaffRole[];
export const WRITE_OFF_DECIDE_ROLES = ["credit_head"] as const satisfies readonly StaffRole[];
export const WRITE_OFF_VIEW_ROLES = ["accounts", "credit_head", "auditor", "admin"] as const satisfies readonly StaffRole[];

export type WriteOffView = {
  id: string;
  leadId: string;
  loanNo: string | null;
  reason: string;
  status: "PENDING" | "APPROVED" | "REJECTED";
  enteredByEmail: string | null;
  enteredAt: string;
  decidedByEmail: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
  writtenOffOn: string | null;
  /** The net book value written off, and the provision it used (paise). */
  amountPaise: number | null;
  provisionUsedPaise: number | null;
};

export interface WriteOffDesk {
  enter(input: { loanNo: string; reason: string }): Promise<WriteOffView>;
  approve(input: { id: string }): Promise<WriteOffView>;
  reject(input: { id: string; reason: string }): Promise<WriteOffView>;
  list(): Promise<{ pending: WriteOffView[]; approved: WriteOffView[] }>;
}
