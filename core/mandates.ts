// Auto-debit mandates (issue 24, decision 39): the figures a mandate is set up with, the dates of its
// notice, debit and retry, the journey event and the API's messages. Pure; shared by screens, server and tests.
import * as z from "zod";
import { addDays, type IsoDate } from "./calendar.ts";
import { bpsOfPaise } from "./loan-math/index.ts";
import { eventObject } from "./validation/shared.ts";

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

export const MANDATE_MESSAGES = {
  chooseMethod: "Please choose UPI Autopay or e-NACH, or skip AutoPay.",
  started: "Please approve the AutoPay mandate on the next page.",
  skipped: "AutoPay skipped. Please sign your loan agreement.",
  activated: "AutoPay is set up. Please sign your loan agreement.",
  verifiedNext: "Bank account verified. Please set up AutoPay.",
  skippedNext: "Bank details saved. Please set up AutoPay.",
  // A mandate may only be on the penny-drop verified account (decision 39).
  otherAccount: "AutoPay can only be set up on the bank account we verified for this loan. Please use that account, or skip AutoPay.",
  accountNotVerified: "AutoPay needs a verified bank account, and we have not verified yours yet. Please skip AutoPay for now: you can repay with Pay Now.",
  providerDown: "We could not start AutoPay right now. Please try again in a few minutes, or skip it.",
  declined: "You declined the AutoPay mandate. You can try again or skip it.",
  abandoned: "The AutoPay page was closed before the mandate was approved. You can try again or skip it.",
  alreadyActive: "AutoPay is already set up for this loan.",
  noMandate: "There is no active AutoPay mandate on this loan.",
  revoked: "AutoPay is cancelled. Please repay by the repayment date with Pay Now.",
  loaded: "AutoPay details loaded.",
} as const;

/** The journey event: choose a method, or skip (skip: 1). A last-4 or full account may be named only to be checked. */
export const autopaySetupEventSchema = eventObject("autopay_setup", {
  mandate_method: z.enum(MANDATE_METHODS, { error: MANDATE_MESSAGES.chooseMethod }).optional(),
  skip: z.union([z.literal(1), z.literal("1")], { error: MANDATE_MESSAGES.chooseMethod }).optional(),
  /** Optional: the account the client means the mandate to be on; refused unless it is the verified one. */
  account_number: z
    .string({ error: MANDATE_MESSAGES.otherAccount })
    .trim()
    .regex(/^\d{6,20}$/, { error: MANDATE_MESSAGES.otherAccount })
    .optional(),
}).refine((v) => (v.mandate_method ? !v.skip : !!v.skip), { error: MANDATE_MESSAGES.chooseMethod, path: ["mandate_method"] });

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
