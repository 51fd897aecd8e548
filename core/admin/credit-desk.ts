// What the credit and disbursal screens may ask of the server (decision 32). The server binds the
// signed-in staff member into every method (server/http/admin-gateway.ts); roles are checked there.
import type { LeadSource, LeadSourceFilter } from "./lead-source.ts";

export type CreditOutcome = "SANCTION" | "REJECT";

export interface CreditQueueQuery {
  page?: number;
  pageSize?: number;
  sort?: "oldest" | "newest";
  /** A loan or proposal number, a 10-digit mobile or a PAN. */
  search?: string;
  /** Issue 32: only the applications that came through ONDC, or through the website. */
  source?: LeadSourceFilter;
}

export interface CreditQueueItem {
  leadId: string;
  proposalNumber: string | null;
  loanNo: string | null;
  status: string;
  customerName: string;
  /** Masked (last 4 digits). */
  mobile: string;
  /** Masked (last 4 characters). */
  pan: string | null;
  amount: number | null;
  /** What the customer receives: the sanctioned amount less the processing fee and its GST (the accepted KFS). */
  netDisbursal: number | null;
  waitingSince: string;
  waitedMinutes: number;
  recommendation: CreditOutcome | null;
  recommendedBy: string | null;
  sanctionedBy: string | null;
  requotePending: boolean;
  /** Issue 32: through a buyer app on ONDC (which one), or the website. */
  source: LeadSource;
}

export interface CreditQueue {
  page: number;
  pageSize: number;
  total: number;
  items: CreditQueueItem[];
}

export interface CreditReview {
  lead: {
    id: string;
    status: string;
    proposalNumber: string | null;
    loanNo: string | null;
    userType: string;
    submittedAt: string;
    recommendation: CreditOutcome | null;
    recommendedBy: string | null;
    sanctionedBy: string | null;
    rejectionReason: string | null;
    requotePending: boolean;
    /** Issue 32: through a buyer app on ONDC (which one, its transaction), or the website. */
    source: LeadSource;
  };
  profile: { name: string | null; mobile: string; pan: string | null; panVerified: boolean; dob: string | null; monthlyIncome: number } | undefined;
  eligibility:
    | {
        eligible: boolean;
        bureauStatus: string | null;
        bureauScore: number | null;
        checkedAt: string;
        rules: { rule: string; passed: boolean; observed: string | null; reason: string | null }[];
      }
    | null
    | undefined;
  bankAccount:
    | { id: string; number: string; ifsc: string; bankName: string | null; verification: string; nameAtBank: string | null; nameMatchScore: number | null }
    | undefined;
  /** The eKYC summary (Aadhaar masked). */
  ekyc: unknown;
  employment: { companyName: string | null; designation: string | null; since: string | null; workMode: string | null } | undefined;
  quote:
    | {
        principal: number;
        tenureDays: number;
        repaymentDate: string;
        netDisbursal: number;
        totalRepayable: number;
        apr: number;
        issuedOn: string;
        validUntil: string;
        expired: boolean;
        kfsAcknowledgedAt: string;
      }
    | undefined;
  documents: { id: string; kind: string; contentType: string; size: number; createdAt: string }[];
  signedAgreement: boolean;
  /** Issue 29: what recommendation, sanction and payout still need (KYC, verified account, documents); empty when ready. */
  missingForSanction: string[];
  history: { stage: string; outcome: string; reasonCode: string | null; note: string | null; staffId: string; at: string }[];
}

export interface CreditDesk {
  /** A credit manager's assigned SUBMITTED leads (oldest first by default); credit heads and auditors see all. */
  queue(query?: CreditQueueQuery): Promise<CreditQueue>;
  /** SUBMITTED leads with a recommendation, for the credit head. */
  sanctionQueue(query?: CreditQueueQuery): Promise<CreditQueue>;
  /** SANCTIONED loans waiting for payout. */
  disbursalQueue(query?: CreditQueueQuery): Promise<CreditQueue>;
  review(leadId: string): Promise<CreditReview>;
  /** One full value, with a reason; audited. */
  reveal(input: { leadId: string; field: "pan" | "account_number"; reason: string }): Promise<{ field: "pan" | "account_number"; value: string }>;
  recommend(input: { leadId: string; outcome: CreditOutcome; reasonCode: string; note?: string }): Promise<{ leadId: string; recommendation: CreditOutcome }>;
  decide(input: { leadId: string; outcome: CreditOutcome; reasonCode: string; note?: string }): Promise<{ outcome: "SANCTIONED" | "REJECTED"; leadId: string }>;
}

/** UNKNOWN: the provider did not answer and is asked before anything else; REVERSED: paid, then returned by the bank. */
export type PayoutState = "PENDING" | "UNKNOWN" | "SUCCESS" | "FAILED" | "REVERSED";

export interface PayoutAttempt {
  id: string;
  attempt: number;
  status: PayoutState;
  amountPaise: number;
  utr: string | null;
  failureReason: string | null;
  /** Why the bank returned a paid payout. */
  reversalReason: string | null;
  requestedBy: string | null;
  createdAt: string;
}

export interface DisbursalDesk {
  /** Pays a sanctioned loan out once; after a failure the same call is the retry. */
  disburse(input: { leadId: string }): Promise<{ loanId: string; payoutId: string; status: PayoutState; attempt: number; alreadyRequested: boolean }>;
  /** Asks the provider about an unanswered payout by its key; never sends anything. */
  check(input: { leadId: string }): Promise<{ status: PayoutState; attempt: number; message: string }>;
  payouts(input: { leadId: string }): Promise<PayoutAttempt[]>;
  /** payouts() for many loans at once (a queue page, at most 100), by loan id. */
  payoutsOfLoans(input: { leadIds: string[] }): Promise<Record<string, PayoutAttempt[]>>;
}
