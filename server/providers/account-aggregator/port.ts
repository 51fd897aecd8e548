// Account aggregator, FIU side (integrations.md): consent (PENDING → ACTIVE | REJECTED, then PAUSED,
// REVOKED or EXPIRED), then an FI data session (ACTIVE, COMPLETED, EXPIRED, FAILED).

export type ConsentStatus = "PENDING" | "ACTIVE" | "REJECTED" | "PAUSED" | "REVOKED" | "EXPIRED";
export type SessionStatus = "ACTIVE" | "COMPLETED" | "EXPIRED" | "FAILED";

export interface StatementTransaction {
  /** ISO date. */
  date: string;
  narration: string;
  type: "CREDIT" | "DEBIT";
  /** Rupees. */
  amount: number;
  balance: number;
}

export interface DepositStatement {
  maskedAccountNumber: string;
  bankName: string;
  holderName: string;
  from: string;
  to: string;
  openingBalance: number;
  transactions: StatementTransaction[];
}

/** The request every consent carries (integrations.md). */
export const CONSENT_TERMS = { fiTypes: ["DEPOSIT"], consentMode: "STORE", fetchType: "ONETIME", months: 6 } as const;

export interface ConsentRequest {
  /** The customer's handle at the aggregator, e.g. 9876543210@sandbox. */
  customerVua: string;
  /** ISO dates: the last 6 months. */
  from: string;
  to: string;
  /** Where the aggregator sends the browser back, with consent_handle and status. */
  redirectUrl: string;
  /** Only the sandbox reads this, to make statements that fit the profile. */
  sandboxHint?: { name: string; monthlyIncome: number; seed: string };
}

export interface AccountAggregatorPort {
  createConsent(request: ConsentRequest): Promise<{ consentHandle: string; url: string }>;
  consentStatus(consentHandle: string): Promise<{ status: ConsentStatus; consentId: string | null }>;
  requestData(input: { consentId: string; from: string; to: string }): Promise<{ sessionId: string }>;
  fetchData(sessionId: string): Promise<{ status: SessionStatus; statements: DepositStatement[] }>;
}
