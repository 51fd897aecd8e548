// Posting builders: the journal entries of each money event, figures from core/loan-math and the loan's terms.
// Pure: they build what LedgerService.post writes. Amounts are integer paise.
import type { IsoDate } from "../../../core/calendar.ts";
import type { Allocation } from "../../../core/loan-math/index.ts";
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
  /** IRACP: each day-end that finds a loan NPA keeps its unrealised charges of that day in suspense. */
  npaSuspense: (loanId: string, on: IsoDate) => `npa:${loanId}:${on}`,
  /** Suspense brought back to the unpaid charges of an NPA (a payment counted from an earlier day, a day-end). */
  suspenseCorrection: (loanId: string, reference: string) => `suspense:${loanId}:${reference}`,
  /** Decision 44: the provision's change at one day-end. */
  provision: (loanId: string, on: IsoDate) => `provision:${loanId}:${on}`,
  /** Decision 44: a loan is written off at most once. */
  writeOff: (loanId: string) => `write-off:${loanId}`,
  /** Issue 32: a buyer app's finder fee, once per payout of the loan (the loan's status change to DISBURSED). */
  finderFee: (loanId: string, statusChangeId: number) => `finder-fee:${loanId}:${statusChangeId}`,
  /** Issue 32: a payment to a buyer app by bank, once per bank reference. */
  finderFeePayment: (bankReference: string) => `finder-fee-payment:${bankReference}`,
};

/**
 * Disbursal (decision 1) on the loan's own terms (decision 34; issue 31, its only source): principal
 * receivable Dr principal; bank Cr net disbursed; fee income Cr the fee; GST payable Cr the GST, each
 * as its KFS fixed them, whatever the product says today. The net is rounded to the rupee, so the
 * difference (under 50 paise either way) goes to round_off, keeping the entry balanced.
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

type AccrualInput = { loanId: string; on: IsoDate; amount: number; idempotencyKey?: string; toSuspense?: boolean };

/**
 * Interest earned (decision 28): interest receivable Dr, interest income Cr. For an NPA (IRACP,
 * decision 44) the charge is still owed but not income: it goes to interest suspense instead.
 */
export function interestAccrualEntry(input: AccrualInput): EntryInput {
  return {
    idempotencyKey: input.idempotencyKey ?? ledgerKeys.interestAccrual(input.loanId, input.on),
    kind: "interest_accrual",
    loanId: input.loanId,
    effectiveOn: input.on,
    postings: [dr("interest_receivable", input.amount), cr(input.toSuspense ? "interest_suspense" : "interest_income", input.amount)],
  };
}

/** Penal charges: their own receivable and income, never added to interest (RBI 2023); an NPA's to penal suspense. */
export function penalAccrualEntry(input: AccrualInput): EntryInput {
  return {
    idempotencyKey: input.idempotencyKey ?? ledgerKeys.penalAccrual(input.loanId, input.on),
    kind: "penal_accrual",
    loanId: input.loanId,
    effectiveOn: input.on,
    postings: [dr("penal_receivable", input.amount), cr(input.toSuspense ? "penal_suspense" : "penal_income", input.amount)],
  };
}

/**
 * IRACP (decision 44): unrealised charges of an NPA moved out of income into suspense (positive
 * amounts: income Dr, suspense Cr), or back to income when realised or over-held (negative: the reverse).
 */
export function incomeSuspenseEntry(input: {
  loanId: string;
  on: IsoDate;
  idempotencyKey: string;
  interest: number;
  penal: number;
  memo: string;
  occurredAt?: Date;
}): EntryInput {
  const move = (income: Account, suspense: Account, amount: number) =>
    amount >= 0 ? [dr(income, amount), cr(suspense, amount)] : [dr(suspense, -amount), cr(income, -amount)];
  return {
    idempotencyKey: input.idempotencyKey,
    kind: "income_suspense",
    loanId: input.loanId,
    effectiveOn: input.on,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: nonZero([...move("interest_income", "interest_suspense", input.interest), ...move("penal_income", "penal_suspense", input.penal)]),
  };
}

/** Decision 44: a day-end's change of a loan's provision (positive: expense Dr, provision Cr; negative: released). */
export function provisionEntry(input: { loanId: string; on: IsoDate; change: number; memo: string; occurredAt?: Date }): EntryInput {
  const { change } = input;
  return {
    idempotencyKey: ledgerKeys.provision(input.loanId, input.on),
    kind: "provision",
    loanId: input.loanId,
    effectiveOn: input.on,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings:
      change >= 0
        ? [dr("provision_expense", change), cr("loan_loss_provision", change)]
        : [dr("loan_loss_provision", -change), cr("provision_expense", -change)],
  };
}

/**
 * Repayment: the receiving account Dr the whole amount; Cr interest, principal and penal
 * receivable as allocated (core allocatePayment, decision 28 order), the rest to customer excess.
 * For an NPA (`realise`), what it pays of interest and penal charges is realised in the same entry:
 * suspense Dr, income Cr (IRACP, decision 44), so a reversal of the payment reverses it too.
 */
export function repaymentEntry(input: {
  loanId: string;
  idempotencyKey: string;
  receivedOn: IsoDate;
  occurredAt?: Date;
  into: LenderAccount | { gateway: Gateway };
  allocation: Allocation;
  memo?: string;
  realise?: boolean;
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
      ...(input.realise
        ? [dr("interest_suspense", a.interest), cr("interest_income", a.interest), dr("penal_suspense", a.penal), cr("penal_income", a.penal)]
        : []),
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

/** What a loan's books hold when it is written off (LedgerService.balances). */
export type WriteOffBalances = {
  principal_receivable: number;
  interest_receivable: number;
  penal_receivable: number;
  interest_suspense: number;
  penal_suspense: number;
  loan_loss_provision: number;
};

/** The net book value a write-off removes: receivables less suspense. */
export const netBookValueOf = (b: WriteOffBalances) =>
  b.principal_receivable + b.interest_receivable + b.penal_receivable - b.interest_suspense - b.penal_suspense;

/**
 * Write-off of an NPA (decision 44): suspense is cleared against the receivables it stands for; the
 * rest (the net book value) is met by the provision held and then write_off_expense. Provision above
 * the net book value is released. The borrower still owes the money; only the books stop carrying it.
 */
export function writeOffEntry(input: { loanId: string; on: IsoDate; balances: WriteOffBalances; memo: string; occurredAt?: Date }): EntryInput {
  const b = input.balances;
  const value = netBookValueOf(b);
  const used = Math.min(b.loan_loss_provision, value);
  return {
    idempotencyKey: ledgerKeys.writeOff(input.loanId),
    kind: "write_off",
    loanId: input.loanId,
    effectiveOn: input.on,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: nonZero([
      dr("interest_suspense", b.interest_suspense),
      dr("penal_suspense", b.penal_suspense),
      dr("loan_loss_provision", b.loan_loss_provision),
      dr("write_off_expense", value - used),
      cr("provision_expense", b.loan_loss_provision - used),
      cr("principal_receivable", b.principal_receivable),
      cr("interest_receivable", b.interest_receivable),
      cr("penal_receivable", b.penal_receivable),
    ]),
  };
}

/** Money received after write-off: recovery income (decision 44); money above what is owed is customer excess. */
export function recoveryEntry(input: {
  loanId: string;
  idempotencyKey: string;
  receivedOn: IsoDate;
  occurredAt?: Date;
  into: LenderAccount | { gateway: Gateway };
  recovered: number;
  excess: number;
  memo?: string;
}): EntryInput {
  const account = typeof input.into === "string" ? input.into : clearingAccountOf(input.into.gateway);
  return {
    idempotencyKey: input.idempotencyKey,
    kind: "recovery",
    loanId: input.loanId,
    effectiveOn: input.receivedOn,
    occurredAt: input.occurredAt,
    memo: input.memo ?? null,
    postings: nonZero([dr(account, input.recovered + input.excess), cr("recovery_after_write_off", input.recovered), cr("customer_excess", input.excess)]),
  };
}

/**
 * Issue 32: a buyer app's finder fee accrued at the loan's payout (docs/decisions/money.md, "The ONDC buyer app's
 * finder fee in the books"): Dr buyer_app_fee_expense, Cr buyer_app_payable. The entry carries no loan: the fee
 * is the lender's cost, never the borrower's; the memo names the buyer app and the loan.
 */
export function finderFeeEntry(input: {
  loanId: string;
  statusChangeId: number;
  paidOutOn: IsoDate;
  feePaise: number;
  memo: string;
  occurredAt?: Date;
}): EntryInput {
  return {
    idempotencyKey: ledgerKeys.finderFee(input.loanId, input.statusChangeId),
    kind: "finder_fee",
    loanId: null,
    effectiveOn: input.paidOutOn,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: [dr("buyer_app_fee_expense", input.feePaise), cr("buyer_app_payable", input.feePaise)],
  };
}

/** Issue 32: finder fees paid to a buyer app by bank: Dr buyer_app_payable, Cr bank, dated the day paid. */
export function finderFeePaymentEntry(input: { bankReference: string; paidOn: IsoDate; amountPaise: number; memo: string; occurredAt?: Date }): EntryInput {
  return {
    idempotencyKey: ledgerKeys.finderFeePayment(input.bankReference),
    kind: "finder_fee_payment",
    loanId: null,
    effectiveOn: input.paidOn,
    occurredAt: input.occurredAt,
    memo: input.memo,
    postings: [dr("buyer_app_payable", input.amountPaise), cr("bank", input.amountPaise)],
  };
}
