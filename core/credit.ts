// Credit review wording and rules shared by the back-office screens, the services and the customer's
// dashboard: the reasons staff pick from, the plain words the customer reads, KFS validity (decision 26).
import { addDays, parseIsoDate, type IsoDate } from "./calendar.ts";

/** Reasons a credit manager or head picks when rejecting; `customer` is what the SMS and dashboard say. */
export const REJECTION_REASONS = {
  INCOME_NOT_VERIFIED: { label: "Income could not be verified from the documents", customer: "we could not confirm your income from the documents provided." },
  DOCUMENTS_MISMATCH: { label: "Documents do not match the application", customer: "the documents did not match the details in your application." },
  BUREAU_RISK: { label: "Credit history risk", customer: "your credit history does not meet our lending policy right now." },
  EXISTING_OBLIGATIONS: { label: "High existing obligations", customer: "your existing loan repayments are too high for a new loan right now." },
  EMPLOYMENT_NOT_VERIFIED: { label: "Employment could not be verified", customer: "we could not confirm your employment." },
  BANK_ACCOUNT_ISSUE: { label: "Bank account could not be verified", customer: "we could not verify your bank account in your name." },
  POLICY_OTHER: { label: "Other lending policy reason", customer: "your application does not meet our lending policy right now." },
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;
export const REJECTION_REASON_CODES = Object.keys(REJECTION_REASONS) as RejectionReason[];

/** Reasons for recommending sanction (for the record; the customer never sees them). */
export const SANCTION_REASONS = {
  POLICY_MET: "All policy checks met",
  STRONG_INCOME: "Income well above the offer",
  REPEAT_GOOD_HISTORY: "Repeat customer with a good repayment history",
} as const;
export type SanctionReason = keyof typeof SANCTION_REASONS;
export const SANCTION_REASON_CODES = Object.keys(SANCTION_REASONS) as SanctionReason[];

export const isRejectionReason = (code: string): code is RejectionReason => Object.hasOwn(REJECTION_REASONS, code);
export const isSanctionReason = (code: string): code is SanctionReason => Object.hasOwn(SANCTION_REASONS, code);

/** A recorded reason code in staff's words ("POLICY_MET" → "All policy checks met"); other codes as they are. */
export function creditReasonLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  if (isSanctionReason(code)) return SANCTION_REASONS[code];
  if (isRejectionReason(code)) return REJECTION_REASONS[code].label;
  return code;
}

/** The customer's words for a rejection by credit (null for other codes, e.g. the customer's own decline). */
export function rejectionText(code: string | null | undefined): string | null {
  return code && isRejectionReason(code) ? REJECTION_REASONS[code].customer : null;
}

/** Monday to Friday. Bank holidays are an open point (docs/decisions/back-office.md). */
export function isWorkingDay(date: IsoDate): boolean {
  const p = parseIsoDate(date);
  if (!p) return false;
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

export function addWorkingDays(date: IsoDate, days: number): IsoDate {
  let d = date;
  for (let left = days; left > 0;) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

export const KFS_VALID_WORKING_DAYS = 3;

/** The last day a KFS issued on `issuedOn` may be sanctioned and paid out on (decision 26). */
export function kfsValidUntil(issuedOn: IsoDate): IsoDate {
  return addWorkingDays(issuedOn, KFS_VALID_WORKING_DAYS);
}

export function isKfsExpired(issuedOn: IsoDate, today: IsoDate): boolean {
  return today > kfsValidUntil(issuedOn);
}

/** SOT + yymm + 6-digit sequence, e.g. SOT2611000123 (decision 26). */
export function formatLoanNo(today: IsoDate, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) throw new RangeError("loan sequence out of range");
  return `SOT${today.slice(2, 4)}${today.slice(5, 7)}${String(sequence).padStart(6, "0")}`;
}
