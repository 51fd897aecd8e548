// Posting builders: the journal entries of each money event, figures from core/loan-math.
// Pure: they build what LedgerService.post writes. Amounts are integer paise.
import type { IsoDate } from "../../../core/calendar.ts";
import { quoteSingle, rupeesToPaise, type Allocation } from "../../../core/loan-math/index.ts";
import { PRODUCT, type SingleLoanProduct } from "../../../core/product.ts";
import { clearingAccountOf, type Account, type EntryKind, type Gateway, type LenderAccount, type Side } from "./accounts.ts";

export type Posting = { account: Account; side: Side; amount: number };

export type EntryInput = {
  idempotencyKey: string;
  kind: EntryKind;
  /** The loan (= lead id) the entry belongs to; null for lender-only movements. */
  loanId: string | null;
  /** India calendar day the movement counts for. */
  effectiveOn: IsoDate;
  /** When it happened (default: the service clock). */
  occurredAt?: Date;
  memo?: string | null;
  postings: Posting[];
};

const dr = (account: Account, amount: number): Posting => ({ account, side: "debit", amount });
const cr = (account: Account, amount: number): Posting => ({ account, side: "credit", amount });
/** Drops zero lines (a posting amount is always > 0). */
const nonZero = (postings: Posting[]) => postings.filter((p) => p.amount !== 0);

/** Idempotency keys: one place, so two callers for one event build the same key. */
export const ledgerKeys = {
  /** Decision 32: a loan is paid out at most once. */
  payout: (loanId: string) => `payout:${loanId}`,
  interestAccrual: (loanId: string, on: IsoDate) => `interest:${loanId}:${on}`,
  penalAccrual: (loanId: string, on: IsoDate) => `penal:${loanId}:${on}`,
  /** Decision 29: gateway + payment id, so a callback and a webhook post once. */
  gatewayPayment: (gateway: Gateway, paymentId: string) => `${gateway}:${paymentId}`,
  bankTransfer: (transferId: string) => `bank-transfer:${transferId}`,
  /** The correction of one entry: posted once per original. */
  reversal: (originalKey: string) => `reversal:${originalKey}`,
};

/**
 * Disbursal (decision 1): principal receivable Dr principal; bank Cr net disbursed; fee income Cr
 * the fee; GST payable Cr the GST, each as the KFS shows it. The net is rounded to the rupee, so
 * the difference (under 50 paise either way) goes to round_off, keeping the entry balanced.
 */
export function disbursalEntry(
  input: { loanId: string; principalRupees: number; tenureDays: number; disbursedOn: IsoDate; occurredAt?: Date; payoutReference?: string },
  product: SingleLoanProduct = PRODUCT.singleLoan,
): EntryInput {
  const q = quoteSingle({ principal: input.principalRupees, tenureDays: input.tenureDays }, product);
  const terms = {
    principal: rupeesToPaise(q.principal),
    feePaise: rupeesToPaise(q.fee),
    gstPaise: rupeesToPaise(q.gst),
    netDisbursalPaise: rupeesToPaise(q.netDisbursal),
  };
  return disbursalEntryOfTerms({ ...input, terms });
}

/**
 * Disbursal on the loan's own terms (decision 34): the fee, GST and net its KFS fixed, whatever the
 * product says today; the net's rupee rounding goes to round_off as in disbursalEntry.
 */
export function disbursalEntryOfTerms(input: {
  loanId: string;
  terms: { principal: number; feePaise: number; gstPaise: number; netDisbursalPaise: number };
  disbursedOn: IsoDate;
  occurredAt?: Date;
  payoutReference?: string;
}): EntryInput {
  const { principal, feePaise: fee, gstPaise: gst, netDisbursalPaise: net } = input.terms;
  // Positive: the customer got a little less than principal − fee − GST (a gain); negative: more.
  const roundOff = principal - fee - gst - net;
  return {
    idempotencyKey: ledgerKeys.payout(input.loanId),
    kind: "disbursal",
    loanId: input.loanId,
    effectiveOn: input.disbursedOn,
    occurredAt: input.occurredAt,
    memo: input.payoutReference ? `payout ${input.payoutReference}` : null,
    postings: nonZero([
      dr("principal_receivable", principal),
      cr("bank", net),
      cr("fee_income", fee),
      cr("gst_payable", gst),
      roundOff >= 0 ? cr("round_off", roundOff) : dr("round_off", -roundOff),
    ]),
  };
}

/** Interest earned (decision 28): interest receivable Dr, interest income Cr. */
export function interestAccrualEntry(input: { loanId: string; on: IsoDate; amount: number; idempotencyKey?: string }): EntryInput {
  return {
    idempotencyKey: input.idempotencyKey ?? ledgerKeys.interestAccrual(input.loanId, input.on),
    kind: "interest_accrual",
    loanId: input.loanId,
    effectiveOn: input.on,
    postings: [dr("interest_receivable", input.amount), cr("interest_income", input.amount)],
  };
}

/** Penal charges: their own receivable and income, never added to interest (RBI 2023). */
export function penalAccrualEntry(input: { loanId: string; on: IsoDate; amount: number; idempotencyKey?: string }): EntryInput {
  return {
    idempotencyKey: input.idempotencyKey ?? ledgerKeys.penalAccrual(input.loanId, input.on),
    kind: "penal_accrual",
    loanId: input.loanId,
    effectiveOn: input.on,
    postings: [dr("penal_receivable", input.amount), cr("penal_income", input.amount)],
  };
}

/**
 * Repayment: the receiving account Dr the whole amount; Cr interest, principal and penal
 * receivable as allocated (core allocatePayment, decision 28 order), the rest to customer excess.
 */
export function repaymentEntry(input: {
  loanId: string;
  idempotencyKey: string;
  receivedOn: IsoDate;
  occurredAt?: Date;
  into: LenderAccount | { gateway: Gateway };
  allocation: Allocation;
  memo?: string;
}): EntryInput {
  const a = input.allocation;
  const total = a.interest + a.principal + a.penal + a.excess;
  const account = typeof input.into === "string" ? input.into : clearingAccountOf(input.into.gateway);
  return {
    idempotencyKey: input.idempotencyKey,
    kind: "repayment",
    loanId: input.loanId,
    effectiveOn: input.receivedOn,
    occurredAt: input.occurredAt,
    memo: input.memo ?? null,
    postings: nonZero([
      dr(account, total),
      cr("interest_receivable", a.interest),
      cr("principal_receivable", a.principal),
      cr("penal_receivable", a.penal),
      cr("customer_excess", a.excess),
    ]),
  };
}

/**
 * A correction is a new entry, never an edit (decision 36): the original's postings with debit and
 * credit swapped, kind `reversal`, dated `effectiveOn` (the day the correction counts for). Its key
 * is `reversal:<original key>` unless given, so a correction posts once however often it is asked for.
 */
export function reversalEntry(
  // A statement's entry carries its accounts as text; post() checks every account again.
  original: { idempotencyKey: string; loanId: string | null; postings: readonly { account: string; side: Side; amount: number }[] },
  input: { effectiveOn: IsoDate; memo: string; occurredAt?: Date; idempotencyKey?: string },
): EntryInput {
  return {
    idempotencyKey: input.idempotencyKey ?? ledgerKeys.reversal(original.idempotencyKey),
    kind: "reversal",
    loanId: original.loanId,
    effectiveOn: input.effectiveOn,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: original.postings.map((p) => ({ account: p.account as Account, side: p.side === "debit" ? "credit" : "debit", amount: p.amount })),
  };
}
