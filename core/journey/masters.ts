// Master lists of spec section 3. Ids are what the API sends; labels are what
// forms show (in English, as the API and the data export give them; by code in the
// reader's language). Validation accepts exactly these ids.
import type { MessageKey } from "../i18n/translate.ts";

export type Option<T extends string | number = number> = { readonly id: T; readonly label: string };
/** An entry customers choose from: its label also by code (`journey.term.*`), so screens word it in their language. */
export type LabelledOption<T extends string | number = number> = Option<T> & { readonly labelKey: MessageKey };

export const LOAN_PURPOSES = [
  { id: 1, label: "Travel", labelKey: "journey.term.travel" },
  { id: 2, label: "Medical", labelKey: "journey.term.medical" },
  { id: 3, label: "Shopping", labelKey: "journey.term.shopping" },
  { id: 4, label: "Academics", labelKey: "journey.term.academics" },
  { id: 5, label: "Obligation", labelKey: "journey.term.obligation" },
  { id: 6, label: "Festival", labelKey: "journey.term.festival" },
  { id: 7, label: "Others", labelKey: "journey.term.others" },
] as const satisfies readonly LabelledOption[];

/** Spec: "on load ... purpose defaults to 1". */
export const DEFAULT_LOAN_PURPOSE_ID = 1;

export const DEPARTMENTS = ["SALES", "CREDIT", "ACCOUNTS", "FINANCE", "BUSINESS", "OPERATIONS", "TECHNOLOGY", "ADMIN", "HUMAN RESOURCES"] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** Each department's label by code; the id is its English, as the API sends it. */
const DEPARTMENT_KEYS: Readonly<Record<Department, MessageKey>> = {
  SALES: "journey.term.SALES",
  CREDIT: "journey.term.CREDIT",
  ACCOUNTS: "journey.term.ACCOUNTS",
  FINANCE: "journey.term.FINANCE",
  BUSINESS: "journey.term.BUSINESS",
  OPERATIONS: "journey.term.OPERATIONS",
  TECHNOLOGY: "journey.term.TECHNOLOGY",
  ADMIN: "journey.term.ADMIN",
  "HUMAN RESOURCES": "journey.term.HUMAN_RESOURCES",
};

/** DEPARTMENTS as a list to choose from. */
export const DEPARTMENT_OPTIONS: readonly LabelledOption<Department>[] = DEPARTMENTS.map((d) => ({ id: d, label: d, labelKey: DEPARTMENT_KEYS[d] }));

export const COMPANY_TYPES = [
  { id: 1, label: "Private", labelKey: "journey.term.private" },
  { id: 2, label: "Public", labelKey: "journey.term.public" },
  { id: 3, label: "Listed Public", labelKey: "journey.term.listedPublic" },
  { id: 4, label: "State Government", labelKey: "journey.term.stateGovernment" },
  { id: 5, label: "Central Government", labelKey: "journey.term.centralGovernment" },
  { id: 6, label: "Partnership Firm", labelKey: "journey.term.partnershipFirm" },
  { id: 7, label: "Proprietorship Firm", labelKey: "journey.term.proprietorshipFirm" },
  { id: 8, label: "LLP", labelKey: "journey.term.llp" },
  { id: 9, label: "NBFC", labelKey: "journey.term.nbfc" },
] as const satisfies readonly LabelledOption[];

export const RESIDENCE_TYPES = [
  { id: 1, label: "Owned", labelKey: "journey.term.owned" },
  { id: 2, label: "Rented", labelKey: "journey.term.rented" },
] as const satisfies readonly LabelledOption[];

export const GENDERS = [
  { id: 1, label: "Male", labelKey: "journey.term.male" },
  { id: 2, label: "Female", labelKey: "journey.term.female" },
] as const satisfies readonly LabelledOption[];

export const MARITAL_STATUSES = [
  { id: 1, label: "Single", labelKey: "journey.term.single" },
  { id: 2, label: "Married", labelKey: "journey.term.married" },
  { id: 3, label: "Divorced", labelKey: "journey.term.divorced" },
] as const satisfies readonly LabelledOption[];

/** marital_status_id that makes spouse name and number required. */
export const MARRIED_ID = 2;

export const INCOME_TYPES = [
  { id: 1, label: "Salaried", labelKey: "journey.term.salaried" },
  { id: 2, label: "Self-Employed", labelKey: "journey.term.selfEmployed" },
] as const satisfies readonly LabelledOption[];

export const SALARY_MODES = [
  { id: 1, label: "Bank", labelKey: "journey.term.bank" },
  { id: 2, label: "Cheque", labelKey: "journey.term.cheque" },
  { id: 3, label: "Cash", labelKey: "journey.term.cash" },
] as const satisfies readonly LabelledOption[];

export const WORK_MODES = [
  { id: "WFO", label: "Work from office", labelKey: "journey.term.wfo" },
  { id: "WFH", label: "Work from home", labelKey: "journey.term.wfh" },
] as const satisfies readonly LabelledOption<string>[];
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

/** The label key of the entry with this id, for a screen to word it. */
export function labelKeyFor<T extends string | number>(list: readonly LabelledOption<T>[], id: T | null | undefined): MessageKey | undefined {
  return list.find((o) => o.id === id)?.labelKey;
}
