// Auto-debit mandates (issue 24, decision 39): the figures a mandate is set up with, the dates of its
// notice, debit and retry, the journey event and the API's messages. Pure; shared by screens, server and tests.
import * as z from "zod";
import { addDays, type IsoDate } from "./calendar.ts";
import { bpsOfPaise } from "./loan-math/index.ts";
import { eventObject } from "./validation/shared.ts";
import { zodError } from "./validation/field-errors.ts";
import { MANDATE_CODES } from "./i18n/service-codes.ts";
import { saidByCode } from "./i18n/translate.ts";

export const MANDATE_METHODS = ["upi", "enach"] as const;
export type MandateMethodName = (typeof MANDATE_METHODS)[number];

/** The methods' own names (the same in every language). */
export const AUTOPAY_METHOD_NAMES: Record<MandateMethodName, string> = { upi: "UPI Autopay", enach: "e-NACH" };

/** Issue 29: what statements and exports call a mandate debit (never an online gateway payment). */
export const AUTOPAY_DEBIT_LABELS: Record<MandateMethodName, string> = {
  upi: `AutoPay debit (${AUTOPAY_METHOD_NAMES.upi})`,
  enach: `AutoPay debit (${AUTOPAY_METHOD_NAMES.enach})`,
};

/** The ledger memo of a mandate debit's payment: `autopay:<method> <order id>`. */
export const autopayMemo = (method: MandateMethodName, orderId: string) => `autopay:${method} ${orderId}`;

/** The mandate method a payment's ledger memo names, or null when it is not a mandate debit. */
export function autopayMethodOfMemo(memo: string | null | undefined): MandateMethodName | null {
  const m = /^autopay:(upi|enach)\b/.exec(memo ?? "");
  return m ? (m[1] as MandateMethodName) : null;
}

/**
 * A failed mandate's stored reason when the failure is ours to name (mandates.failure_reason): stored
 * English, read back by mandateFailureOf beside the provider's own reasons (decision 60). Screens word
 * the failure by its kind.
 */
export const MANDATE_FAILURE_REASONS = {
  declined: "You declined the AutoPay mandate. You can try again or skip it.",
  abandoned: "The AutoPay page was closed before the mandate was approved. You can try again or skip it.",
} as const;

/** The apps' refusal of an event with no method and no skip: English, no screen can send it (decision 60). */
const CHOOSE_METHOD = "Please choose UPI Autopay or e-NACH, or skip AutoPay.";

/** Decision 60: the refusal of another account, by code. */
const OTHER_ACCOUNT = zodError(saidByCode(MANDATE_CODES.otherAccount));

/** The journey event: choose a method, or skip (skip: 1). A last-4 or full account may be named only to be checked. */
export const autopaySetupEventSchema = eventObject("autopay_setup", {
  mandate_method: z.enum(MANDATE_METHODS, { error: CHOOSE_METHOD }).optional(),
  skip: z.union([z.literal(1), z.literal("1")], { error: CHOOSE_METHOD }).optional(),
  /** Optional: the account the client means the mandate to be on; refused unless it is the verified one. */
  account_number: z
    .string({ error: OTHER_ACCOUNT })
    .trim()
    .regex(/^\d{6,20}$/, { error: OTHER_ACCOUNT })
    .optional(),
}).refine((v) => (v.mandate_method ? !v.skip : !!v.skip), { error: CHOOSE_METHOD, path: ["mandate_method"] });

export type AutopaySetupInput = z.output<typeof autopaySetupEventSchema>;

/** The most one debit may take: the total repayable (principal + interest to the repayment date) plus the penal cap. */
export function mandateMaxAmountPaise(terms: { principal: number; interestPaise: number; penalCapBps: number }): number {
  return terms.principal + terms.interestPaise + bpsOfPaise(terms.principal, terms.penalCapBps);
}

/** The India date of the pre-debit notice: 24 hours before the debit (NPCI), so the day before. */
export const noticeDayFor = (debitOn: IsoDate): IsoDate => addDays(debitOn, -1);
/** The one retry: the day after a failed first debit, after a fresh notice. */
export const retryDayFor = (firstDebitOn: IsoDate): IsoDate => addDays(firstDebitOn, 1);
/** A mandate is kept at the provider this long past the repayment date (the retry, and room for a late bank). */
export const MANDATE_VALID_DAYS_AFTER_DUE = 30;

/**
 * The next day a mandate will debit, for the screens (issue 24): none unless ACTIVE; the repayment date
 * until a debit is made for it; the retry day after a failed first debit; none after that (overdue flow)
 * or once a debit has succeeded or found nothing due.
 */
export function nextDebitOn(
  status: string,
  repaymentDate: IsoDate | null,
  debits: readonly { attempt: number; status: string; debitOn: string }[],
): IsoDate | null {
  if (status !== "ACTIVE" || !repaymentDate) return null;
  const last = [...debits].sort((a, b) => b.attempt - a.attempt)[0];
  if (!last) return repaymentDate;
  if (last.status === "NOTIFIED" || last.status === "PRESENTED") return last.debitOn as IsoDate;
  if (last.status === "FAILED" && last.attempt === 1) return retryDayFor(last.debitOn as IsoDate);
  return null;
}

/**
 * Issue 30: what the screens show of a mandate. A registration still PENDING once the journey has moved
 * past the AutoPay step was never approved (the customer skipped, or closed the provider's page): it is
 * shown as not set up, with nothing to manage. Only an ACTIVE mandate can be managed (cancelled).
 */
export type ShownMandateState = "ACTIVE" | "PENDING" | "FAILED" | "CANCELLED" | "LAPSED";
export function shownMandateState(status: string, atAutopayStep: boolean): ShownMandateState {
  if (status === "PENDING") return atAutopayStep ? "PENDING" : "LAPSED";
  return status === "ACTIVE" || status === "FAILED" || status === "CANCELLED" ? status : "LAPSED";
}

/** Why a mandate was not set up, from its stored reason (ours, or the provider's English). */
export type MandateFailure = "declined" | "abandoned" | "bank";
export function mandateFailureOf(reason: string | null | undefined): MandateFailure {
  if (reason === MANDATE_FAILURE_REASONS.declined) return "declined";
  if (reason === MANDATE_FAILURE_REASONS.abandoned || /not completed in time/i.test(reason ?? "")) return "abandoned";
  return "bank";
}

/** One line of a mandate's history on the AutoPay screen, oldest first. `at` is an instant (ISO). */
export type MandateHistoryEntry =
  | { kind: "registered"; at: string; method: MandateMethodName; max_amount_paise: number; account_last4: string | null }
  | { kind: "activated"; at: string }
  | { kind: "not_set_up"; at: string; reason: MandateFailure }
  | { kind: "cancelled"; at: string; reason: "loan_closed" | "revoked" | "provider" }
  | { kind: "notice"; at: string; amount_paise: number; debit_on: string }
  | { kind: "debited"; at: string; amount_paise: number; debit_on: string }
  | { kind: "debit_failed"; at: string; amount_paise: number | null; debit_on: string; reason: "no_funds" | "declined" }
  | { kind: "debit_skipped"; at: string; debit_on: string };

const HISTORY_ORDER: Record<MandateHistoryEntry["kind"], number> = {
  registered: 0,
  activated: 1,
  notice: 2,
  debited: 2,
  debit_failed: 2,
  debit_skipped: 2,
  not_set_up: 4,
  cancelled: 5,
};

type HistoryMandate = {
  method: MandateMethodName;
  status: string;
  maxAmountPaise: number;
  accountLast4: string | null;
  failureReason: string | null;
  cancelReason: "loan_closed" | "revoked" | "provider" | null;
  createdAt: Date;
  updatedAt: Date;
  activatedAt: Date | null;
  cancelledAt: Date | null;
};
type HistoryDebit = {
  status: string;
  debitOn: string;
  noticeAmountPaise: number;
  amountPaise: number | null;
  failureReason: string | null;
  notifiedAt: Date;
  finishedAt: Date | null;
};

/**
 * A loan's AutoPay history from its mandates and their debits: each registration and how it ended, every
 * pre-debit notice, and each debit's outcome with its amount and date (a debit still in flight shows only
 * its notice). `failureOf` names a debit's failure from the bank's text (core/i18n's debitFailureOf).
 */
export function mandateHistory(
  mandates: readonly HistoryMandate[],
  debits: readonly HistoryDebit[],
  failureOf: (reason: string | null) => "no_funds" | "declined",
  atAutopayStep: boolean,
): MandateHistoryEntry[] {
  const out: MandateHistoryEntry[] = [];
  for (const m of mandates) {
    out.push({ kind: "registered", at: m.createdAt.toISOString(), method: m.method, max_amount_paise: m.maxAmountPaise, account_last4: m.accountLast4 });
    if (m.activatedAt) out.push({ kind: "activated", at: m.activatedAt.toISOString() });
    if (m.status === "FAILED") out.push({ kind: "not_set_up", at: m.updatedAt.toISOString(), reason: mandateFailureOf(m.failureReason) });
    if (m.status === "PENDING" && !atAutopayStep) out.push({ kind: "not_set_up", at: m.updatedAt.toISOString(), reason: "abandoned" });
    if (m.status === "CANCELLED" && m.cancelledAt) out.push({ kind: "cancelled", at: m.cancelledAt.toISOString(), reason: m.cancelReason ?? "provider" });
  }
  for (const d of debits) {
    out.push({ kind: "notice", at: d.notifiedAt.toISOString(), amount_paise: d.noticeAmountPaise, debit_on: d.debitOn });
    const at = (d.finishedAt ?? d.notifiedAt).toISOString();
    if (d.status === "SUCCESS") out.push({ kind: "debited", at, amount_paise: d.amountPaise ?? d.noticeAmountPaise, debit_on: d.debitOn });
    if (d.status === "FAILED") out.push({ kind: "debit_failed", at, amount_paise: d.amountPaise, debit_on: d.debitOn, reason: failureOf(d.failureReason) });
    if (d.status === "SKIPPED") out.push({ kind: "debit_skipped", at, debit_on: d.debitOn });
  }
  // Oldest first; at the same instant, in the order things happen: a debit's events as listed (a failure, then
  // the retry's notice), and the mandate's end after the debit that closed the loan (the sort is stable).
  return out.sort((a, b) => a.at.localeCompare(b.at) || HISTORY_ORDER[a.kind] - HISTORY_ORDER[b.kind]);
}
