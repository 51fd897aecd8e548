// Money received for a loan, applied by the loan's owner (decisions 28-30 and 36). The payments module
// hands over a receipt (amount, the day the money reached the lender, where it arrived) with the loan's
// earlier receipts; this posts it to the ledger in the caller's transaction:
// - value dating: a receipt counts from its value date. Charges and repayments the ledger already holds
//   for later days are reversed by reversal entries (never edited), then charged and allocated again on
//   the new facts, so the books equal core dues() for every day;
// - allocation (decision 28), customer excess, and closure when nothing is left due (decision 30).
import { createHash } from "node:crypto";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import { dues, type Allocation, type LoanPayment } from "../../../core/loan-math/index.ts";
import { recoveryEntry, repaymentEntry, type LedgerService, type StatementEntry } from "../ledger/ledger.service.ts";
import type { Tx } from "../journey/journey.service.ts";
import { NotFound } from "../domain-errors.ts";
import { isLoan, loanFacts, type LoanLead, type LoansService } from "./loans.service.ts";

type Into = Parameters<typeof repaymentEntry>[0]["into"];

/** A receipt already applied to the loan: its value date, amount and ledger key (its payment's). */
export type AppliedReceipt = LoanPayment & { key: string };

export type Receipt = {
  leadId: string;
  /** India date the money reached the lender (a gateway's capture, a transfer's received date). */
  valueOn: IsoDate;
  amountPaise: number;
  idempotencyKey: string;
  into: Into;
  memo: string;
  /** When it is recorded (the service clock). */
  at: Date;
  /** The loan's receipts applied before this one. */
  earlier: readonly AppliedReceipt[];
};

export type ReceiptOutcome = {
  /** The value date used: the receipt's, kept between the disbursal date and today. */
  valueOn: IsoDate;
  allocation: Allocation;
  /** Whether it reduced what the loan owes (false: a closed loan's money, all excess). */
  applied: boolean;
  /** Earlier receipts whose split changed because this one counts from an earlier day. */
  reallocated: { key: string; allocation: Allocation }[];
  /** Ledger entries reversed by value dating. */
  reversed: number;
  closed: LoanLead | null;
};

/** The receipt's key without a reallocation's suffix: the payment it belongs to. */
const baseKey = (key: string) => key.split("#")[0];
/**
 * A receipt dated in a closed month posts on the first open day, its memo naming the day (decision 44);
 * core dues() still counts it from its value date (decision 36), from the payment row.
 */
const AS_CORRECTION = { ifClosed: "first_open_day" } as const;
const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

export function createLoanReceipts(deps: { ledger: LedgerService; loans: LoansService }) {
  const { ledger, loans } = deps;

  return {
    async apply(tx: Tx, input: Receipt): Promise<ReceiptOutcome> {
      const today = todayInIndia(input.at);
      const lead = await loans.lock(tx, input.leadId);
      if (!lead) throw new NotFound("No such loan.");
      if (lead.status !== "DISBURSED" || !isLoan(lead)) {
        // Decision 29: money for a loan that is not open is all customer excess, held for refund.
        const allocation = { interest: 0, principal: 0, penal: 0, excess: input.amountPaise };
        const valueOn = input.valueOn > today ? today : input.valueOn;
        await ledger.post(
          tx,
          repaymentEntry({
            loanId: lead.id,
            idempotencyKey: input.idempotencyKey,
            receivedOn: valueOn,
            occurredAt: input.at,
            into: input.into,
            allocation,
            memo: input.memo,
          }),
          AS_CORRECTION,
        );
        return { valueOn, allocation, applied: false, reallocated: [], reversed: 0, closed: null };
      }
      const terms = await loans.terms(tx, lead.id);
      const disbursedOn = lead.disbursalDate as IsoDate;
      const valueOn = input.valueOn > today ? today : input.valueOn < disbursedOn ? disbursedOn : input.valueOn;
      // Value-date order; a receipt counts after the earlier ones of its own day.
      const receipts: AppliedReceipt[] = [...input.earlier, { on: valueOn, amount: input.amountPaise, key: input.idempotencyKey }].sort((a, b) =>
        a.on < b.on ? -1 : a.on > b.on ? 1 : 0,
      );
      const facts = loanFacts(lead, terms, receipts);
      // After write-off the books carry nothing of the loan: what it pays of its dues is recovery income.
      if (await ledger.writtenOffOn(lead.id, tx)) {
        const a = dues(facts, today).allocations[receipts.findIndex((r) => r.key === input.idempotencyKey)];
        const allocation = { interest: a.interest, principal: a.principal, penal: a.penal, excess: a.excess };
        await ledger.post(
          tx,
          recoveryEntry({
            loanId: lead.id,
            idempotencyKey: input.idempotencyKey,
            receivedOn: valueOn,
            occurredAt: input.at,
            into: input.into,
            recovered: input.amountPaise - allocation.excess,
            excess: allocation.excess,
            memo: input.memo,
          }),
          AS_CORRECTION,
        );
        const closed = dues(facts, today).totalDue === 0 ? await loans.close(tx, lead.id, input.at) : null;
        return { valueOn, allocation, applied: true, reallocated: [], reversed: 0, closed };
      }
      const reversed: StatementEntry[] =
        valueOn < today
          ? await ledger.reverseAfter(tx, {
              loanId: lead.id,
              after: valueOn,
              memo: `Worked out again from ${valueOn}: a payment received on ${valueOn} was recorded on ${today}`,
              at: input.at,
            })
          : [];
      // Charges made again carry this receipt's mark, so they never collide with the reversed ones' keys.
      const suffix = valueOn < today ? `v${shortHash(input.idempotencyKey)}` : undefined;
      // Charges for a closed day are posted on the first open day (decision 44): charge that day too, so
      // the books as of it hold what dues() says for it, before the day's own accrual runs.
      const open = valueOn < today ? await ledger.firstOpenDay(tx) : null;
      const movedTo = open && valueOn < open && open <= today ? [open] : [];
      const days = [...new Set([valueOn, ...reversed.map((e) => e.effectiveOn as IsoDate), ...movedTo])].sort();
      for (const day of days) await ledger.accrueTo(tx, { loanId: lead.id, facts, on: day, keySuffix: suffix });

      const all = dues(facts, today > days.at(-1)! ? today : days.at(-1)!);
      const allocationOf = (key: string): Allocation => {
        const i = receipts.findIndex((r) => r.key === key);
        const a = all.allocations[i];
        return { interest: a.interest, principal: a.principal, penal: a.penal, excess: a.excess };
      };
      // IRACP (decision 44): what a payment on an NPA pays of interest and penal charges is realised income.
      const npaSince = await ledger.npaSince(lead.id, tx);
      const post = (key: string, on: IsoDate, into: Into, allocation: Allocation, memo: string | undefined) =>
        ledger.post(
          tx,
          repaymentEntry({
            loanId: lead.id,
            idempotencyKey: key,
            receivedOn: on,
            occurredAt: input.at,
            into,
            allocation,
            memo,
            realise: npaSince !== null && npaSince <= on,
          }),
          AS_CORRECTION,
        );
      const allocation = allocationOf(input.idempotencyKey);
      await post(input.idempotencyKey, valueOn, input.into, allocation, input.memo);
      const reallocated: ReceiptOutcome["reallocated"] = [];
      for (const entry of reversed.filter((e) => e.kind === "repayment")) {
        const key = baseKey(entry.idempotencyKey);
        const received = entry.postings.find((p) => p.side === "debit")!;
        const split = allocationOf(key);
        await post(`${key}#${suffix}`, entry.effectiveOn as IsoDate, received.account as Extract<Into, string>, split, entry.memo ?? undefined);
        reallocated.push({ key, allocation: split });
      }
      // A payment counted from before the loan became NPA changes what was unpaid when it did.
      if (npaSince) await ledger.keepSuspense(tx, { loanId: lead.id, on: valueOn, reference: input.idempotencyKey, at: input.at });
      const closed = dues(facts, today).totalDue === 0 ? await loans.close(tx, lead.id, input.at) : null;
      return { valueOn, allocation, applied: true, reallocated, reversed: reversed.length, closed };
    },
  };
}

export type LoanReceipts = ReturnType<typeof createLoanReceipts>;
