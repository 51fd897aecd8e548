// One loan's books as of a date (`npm run ledger:check`, issue 20): its receivables, income, suspense and
// customer excess against core dues() over its own terms and payments. The check of the whole books
// (books-check.service.ts) runs this for every loan the ledger knows.
import { and, eq, lte, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { dues, type LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import { leads, ledgerEntries, ledgerPostings } from "../../db/schema/index.ts";
import { LOAN_ACCOUNTS_FOR_CHECK, type LedgerService } from "../ledger/ledger.service.ts";
import { isLoan, loanFacts, termsOf } from "./loans.service.ts";
import { selectLeads } from "./loan-account.service.ts";

/** bookedOn: the day the payment's entry is dated in the ledger (later than `on` when its month was closed). */
export type PaymentRow = LoanPayment & { applied: boolean; excess: number; bookedOn: IsoDate };

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function createLoanBooksCheck(deps: {
  db: Db;
  ledger: LedgerService;
  paymentsOf: (leadId: string) => Promise<PaymentRow[]>;
  prudentialProblems?: (loanId: string, asOf: IsoDate) => Promise<string[]>;
}) {
  const { db, paymentsOf } = deps;

  /** A loan's account balances from its postings dated up to `asOf`, positive on each account's normal side. */
  async function balancesAsOf(loanId: string, asOf: IsoDate) {
    const rows = rowsOf<{ account: string; net: string }>(
      await db.execute(sql`select p.account, sum(case when p.side = 'debit' then p.amount else -p.amount end)::text as net
        from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where p.loan_id = ${loanId} and e.effective_on <= ${asOf} group by p.account`),
    );
    const out: Record<string, number> = Object.fromEntries(LOAN_ACCOUNTS_FOR_CHECK.map((a) => [a.account, 0]));
    for (const r of rows) {
      const side = LOAN_ACCOUNTS_FOR_CHECK.find((a) => a.account === r.account)?.normal ?? "debit";
      out[r.account] = side === "debit" ? Number(r.net) : 0 - Number(r.net);
    }
    return out;
  }

  /** Checks the loan `loanId` as of `asOf` (its last entry dated `last`), saying each problem found. */
  async function checkLoan(loanId: string, last: string, asOf: IsoDate, report: (loanNo: string | null, problem: string) => void) {
    const [lead] = await selectLeads(db).where(eq(leads.id, loanId));
    const say = (problem: string) => report(lead?.loanNo ?? null, problem);
    if (!lead) {
      say("The ledger has entries for a loan that does not exist.");
      return;
    }
    const held = await balancesAsOf(lead.id, asOf);
    // Issue 29: a receivable below zero is money stranded (paid to a loan that owes nothing).
    for (const account of ["principal_receivable", "interest_receivable", "penal_receivable"]) {
      if (held[account] < 0) say(`${account} is negative (${held[account]} paise) as of ${asOf}.`);
    }
    // A payment counts in the books as of the day its entry is dated: a receipt for a closed month is
    // booked on the first open day (decision 44), though dues() counts it from its value date.
    const payments = (await paymentsOf(lead.id)).filter((p) => p.bookedOn <= asOf);
    const refunded = await refundedBy(lead.id, asOf);
    const notApplied = payments.filter((p) => !p.applied).reduce((s, p) => s + p.amount, 0);
    if (!isLoan(lead) || (lead.status !== "DISBURSED" && lead.status !== "CLOSED")) {
      // A payout reversed after its month closed is reversed on the first open day (decision 44): the
      // books as of a day before still carry the loan, and the lead no longer says when it was paid out
      // nor which payments it took, so only the negative-receivable check above stands for that day.
      if (await disbursalReversedAfter(lead.id, asOf)) return;
      // A payout reversed: the disbursal and every charge were reversed; only excess may be held.
      for (const account of [
        "principal_receivable",
        "interest_receivable",
        "penal_receivable",
        "interest_income",
        "penal_income",
        "fee_income",
        "gst_payable",
        "interest_suspense",
        "penal_suspense",
        // Its provision is released by the next day-end (asset classification), so it is not checked here.
      ]) {
        if (held[account] !== 0) say(`${account} holds ${held[account]} paise though the loan is ${lead.status}.`);
      }
      // Issue 29: every payment it received is the customer's, held until refunded.
      if (held.customer_excess !== notApplied - refunded)
        say(`customer_excess is ${held.customer_excess} paise; payments held less refunds say ${notApplied - refunded}.`);
      return;
    }
    const terms = await termsOf(db, lead.id);
    if (!terms) {
      say("The loan has no terms.");
      return;
    }
    // Charges are brought to a day by the accrual job or a payment: compare at the last day posted.
    const chargedTo = (last < lead.disbursalDate ? lead.disbursalDate : last) as IsoDate;
    const d = dues(
      loanFacts(
        lead,
        terms,
        payments.filter((p) => p.applied),
      ),
      chargedTo,
    );
    const expect = (account: string, want: number) => {
      if (held[account] !== want) say(`${account} is ${held[account]} paise as posted by ${asOf}; dues() on ${chargedTo} says ${want}.`);
    };
    expect("fee_income", terms.feePaise);
    expect("gst_payable", terms.gstPaise);
    expect("customer_excess", d.excess + notApplied - refunded);
    // Written off (decision 44): the books carry nothing of the loan; what it pays is recovery.
    const writtenOff = await deps.ledger.writtenOffOn(lead.id);
    if (writtenOff && writtenOff <= asOf) {
      for (const account of ["principal_receivable", "interest_receivable", "penal_receivable", "interest_suspense", "penal_suspense", "loan_loss_provision"])
        expect(account, 0);
      return;
    }
    expect("principal_receivable", d.principalOutstanding);
    expect("interest_receivable", d.interestOutstanding);
    expect("penal_receivable", d.penalOutstanding);
    // IRACP (decision 44): what was charged is income or, for an NPA, suspense until paid. While the
    // loan is NPA in the ledger its suspense is exactly its unpaid charges; otherwise it holds none.
    const npaSince = await deps.ledger.npaSince(lead.id);
    const npa = npaSince !== null && npaSince <= asOf;
    const sum = (a: string, b: string, want: number) => {
      if (!npa) expect(a, want);
      else if (held[a] + held[b] !== want) say(`${a} + ${b} is ${held[a] + held[b]} paise as posted by ${asOf}; dues() on ${chargedTo} charged ${want}.`);
    };
    sum("interest_income", "interest_suspense", d.interestToDate);
    sum("penal_income", "penal_suspense", d.penalToDate);
    expect("interest_suspense", npa ? d.interestOutstanding : 0);
    expect("penal_suspense", npa ? d.penalOutstanding : 0);
    for (const problem of (await deps.prudentialProblems?.(lead.id, asOf)) ?? []) say(problem);
  }

  /** Whether a disbursal dated by `asOf` was reversed by an entry dated after it. */
  async function disbursalReversedAfter(loanId: string, asOf: IsoDate): Promise<boolean> {
    const [row] = rowsOf<{ later: boolean }>(
      await db.execute(sql`select exists (select 1 from ledger_entries d join ledger_entries r on r.idempotency_key = 'reversal:' || d.idempotency_key
          where d.loan_id = ${loanId} and d.kind = 'disbursal' and d.effective_on <= ${asOf} and r.effective_on > ${asOf}) as later`),
    );
    return row?.later === true;
  }

  async function refundedBy(loanId: string, asOf: IsoDate): Promise<number> {
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
      .where(
        and(
          eq(ledgerPostings.loanId, loanId),
          eq(ledgerPostings.account, "customer_excess"),
          eq(ledgerPostings.side, "debit"),
          eq(ledgerEntries.kind, "refund"),
          lte(ledgerEntries.effectiveOn, asOf),
        ),
      );
    return Number(row?.n ?? 0);
  }

  return { checkLoan };
}
