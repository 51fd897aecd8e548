// Master lists of spec section 3. Ids are what the API sends; labels are what
// forms show. Validation accepts exactly these ids.

export type Option<T extends string | number = number> = { readonly id: T; readonly label: string };

export const LOAN_PURPOSES = [
  { id: 1, label: "Travel" },
  { id: 2, label: "Medical" },
  { id: 3, label: "Shopping" },
  { id: 4, label: "Academics" },
  { id: 5, label: "Obligation" },
  { id: 6, label: "Festival" },
  { id: 7, label: "Others" },
] as const satisfies readonly Option[];

/** Spec: "on load ... purpose defaults to 1". */
export const DEFAULT_LOAN_PURPOSE_ID = 1;

export const DEPARTMENTS = ["SALES", "CREDIT", "ACCOUNTS", "FINANCE", "BUSINESS", "OPERATIONS", "TECHNOLOGY", "ADMIN", "HUMAN RESOURCES"] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const COMPANY_TYPES = [
  { id: 1, label: "Private" },
  { id: 2, label: "Public" },
  { id: 3, label: "Listed Public" },
  { id: 4, label: "State Government" },
  { id: 5, label: "Central Government" },
  { id: 6, label: "Partnership Firm" },
  { id: 7, label: "Proprietorship Firm" },
  { id: 8, label: "LLP" },
  { id: 9, label: "NBFC" },
] as const satisfies readonly Option[];

export const RESIDENCE_TYPES = [
  { id: 1, label: "Owned" },
  { id: 2, label: "Rented" },
] as const satisfies readonly Option[];

export const GENDERS = [
  { id: 1, label: "Male" },
  { id: 2, label: "Female" },
] as const satisfies readonly Option[];

export const MARITAL_STATUSES = [
  { id: 1, label: "Single" },
  { id: 2, label: "Married" },
  { id: 3, label: "Divorced" },
] as const satisfies readonly Option[];

/** marital_status_id that makes spouse name and number required. */
export const MARRIED_ID = 2;

export const INCOME_TYPES = [
  { id: 1, label: "Salaried" },
  { id: 2, label: "Self-Employed" },
] as const satisfies readonly Option[];

export const SALARY_MODES = [
  { id: 1, label: "Bank" },
  { id: 2, label: "Cheque" },
  { id: 3, label: "Cash" },
] as const satisfies readonly Option[];

export const WORK_MODES = [
  { id: "WFO", label: "Work from office" },
  { id: "WFH", label: "Work from home" },
] as const satisfies readonly Option<string>[];
export type WorkMode = (typeof WORK_MODES)[number]["id"];

/** Quote decision (loan_quotation_decision.accepted_id). */
export const QUOTE_DECISIONS = [
  { id: 1, label: "Accept" },
  { id: 2, label: "Decline" },
] as const satisfies readonly Option[];

/** Banking verification_consent: 2 means the customer skipped (spec section 9). */
export const VERIFICATION_CONSENT = { given: 1, skipped: 2 } as const;
/** eKYC run_ekyc_flag: 1 run, 2 skip (spec section 9). */
export const RUN_EKYC_FLAG = { run: 1, skip: 2 } as const;
/** Banking account_type_id: the spec sends only 1. */
export const ACCOUNT_TYPE_ID = 1;

export function idsOf<T extends string | number>(list: readonly Option<T>[]): T[] {
  return list.map((o) => o.id);
}

export function labelFor<T extends string | number>(list: readonly Option<T>[], id: T | null | undefined): string | undefined {
  return list.find((o) => o.id === id)?.label;
}
