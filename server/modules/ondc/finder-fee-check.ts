// Issue 32, point 9: what `npm run ledger:check` proves of the buyer apps' finder fees as of a day
// (docs/decisions/money.md, "The ONDC buyer app's finder fee in the books"): the payable equals its sub-ledger,
// no other entry touches the two accounts, each entry is exactly its row's figure, each accrual is a payout of
// a loan signed through that buyer app for the fee agreed (as on_confirm stated it, stored with the order; the
// search's with no confirm stored), and no payout or return older than the job's minute (ten, to be safe) is
// missing its row. Read-only; each problem is one line.
import { and, eq, lte, sql } from "drizzle-orm";
import type { IsoDate } from "../../../core/calendar.ts";
import { formatPaise } from "../../../core/money.ts";
import type { Db } from "../../db/client.ts";
import { loanAccounts, loanStatusChanges, ondcFinderFeeSettlements, ondcFinderFees, ondcFormSubmissions } from "../../db/schema/index.ts";
import { buyerAppOf } from "./finder-fee-accrual.ts";
import type { OndcKfsPages } from "./kfs-page.ts";
import { orderParts } from "./order-terms.ts";
import { subLedgers } from "./finder-fee-subledger.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A payout or return younger than this may not have been seen by the job yet (it runs every minute). */
const JOB_GRACE_MS = 10 * 60 * 1000;

/** An entry's lines as one text ("buyer_app_fee_expense debit 370; buyer_app_payable credit 370"), in line order. */
const lines = (...l: [string, "debit" | "credit", number][]) => l.map(([a, s, n]) => `${a} ${s} ${n}`).join("; ");

export function createFinderFeeCheck(deps: { db: Db; now: () => Date; kfsPages: OndcKfsPages }) {
  const { db, now, kfsPages } = deps;

  /** Each sub-ledger row's entry (dated up to asOf) with its lines, kind and date. */
  async function entriesOf(asOf: IsoDate) {
    return rowsOf<{ entry_id: string; kind: string; effective_on: string; lines: string }>(
      await db.execute(sql`select e.id as entry_id, e.kind, e.effective_on::text as effective_on,
          string_agg(p.account || ' ' || p.side || ' ' || p.amount::text, '; ' order by p.line_no) as lines
        from ledger_entries e join ledger_postings p on p.entry_id = e.id
        where e.effective_on <= ${asOf}
          and (e.id in (select ledger_entry_id from ondc_finder_fees where ledger_entry_id is not null)
            or e.id in (select ledger_entry_id from ondc_finder_fee_settlements))
        group by e.id, e.kind, e.effective_on`),
    );
  }

  return {
    async problems(asOf: IsoDate): Promise<string[]> {
      const problems: string[] = [];

      // 1. The payable equals the sum of its sub-ledger, buyer app by buyer app.
      const [balance] = rowsOf<{ net: string }>(
        await db.execute(sql`select coalesce(sum(case when p.side = 'credit' then p.amount else -p.amount end), 0)::text as net
          from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.account = 'buyer_app_payable' and e.effective_on <= ${asOf}`),
      );
      const books = await subLedgers(db, asOf);
      const owed = [...books.values()].reduce((sum, b) => sum + b.outstandingPaise, 0);
      if (Number(balance?.net ?? 0) !== owed)
        problems.push(
          `buyer_app_payable holds ${Number(balance?.net ?? 0)} paise but its sub-ledger (accrued − reversed − settled, by buyer app) says ${owed} paise.`,
        );

      // 2. No entry outside the sub-ledger touches the expense or the payable.
      for (const e of rowsOf<{ key: string; effective_on: string }>(
        await db.execute(sql`select distinct e.idempotency_key as key, e.effective_on::text as effective_on
          from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.account in ('buyer_app_payable', 'buyer_app_fee_expense') and e.effective_on <= ${asOf}
            and e.id not in (select ledger_entry_id from ondc_finder_fees where ledger_entry_id is not null)
            and e.id not in (select ledger_entry_id from ondc_finder_fee_settlements)
          order by 2, 1`),
      ))
        problems.push(`Entry ${e.key} of ${e.effective_on} posts to a buyer app account but is no accrual, reversal or settlement of the sub-ledger.`);

      // 3. Each row's entry is exactly its figure.
      const entries = new Map((await entriesOf(asOf)).map((e) => [e.entry_id, e]));
      const fees = await db
        .select({ fee: ondcFinderFees, loanNo: loanAccounts.loanNo })
        .from(ondcFinderFees)
        .leftJoin(loanAccounts, eq(loanAccounts.leadId, ondcFinderFees.leadId))
        .where(lte(ondcFinderFees.effectiveOn, asOf));
      for (const { fee: f, loanNo } of fees) {
        if (!f.ledgerEntryId) continue;
        const entry = entries.get(f.ledgerEntryId);
        const n = Number(f.feePaise);
        const expected =
          f.kind === "accrual"
            ? { kind: "finder_fee", lines: lines(["buyer_app_fee_expense", "debit", n], ["buyer_app_payable", "credit", n]) }
            : { kind: "reversal", lines: lines(["buyer_app_fee_expense", "credit", n], ["buyer_app_payable", "debit", n]) };
        if (!entry || entry.kind !== expected.kind || entry.lines !== expected.lines || entry.effective_on !== f.effectiveOn)
          problems.push(
            `The finder fee ${f.kind} of loan ${loanNo ?? f.leadId} (buyer app ${f.bapId}, ${f.effectiveOn}) is not posted as ${formatPaise(n)} (${expected.lines}).`,
          );
      }
      const settlements = await db.select().from(ondcFinderFeeSettlements).where(lte(ondcFinderFeeSettlements.paidOn, asOf));
      for (const s of settlements) {
        const entry = entries.get(s.ledgerEntryId);
        const n = Number(s.amountPaise);
        const expected = lines(["buyer_app_payable", "debit", n], ["bank", "credit", n]);
        if (!entry || entry.kind !== "finder_fee_payment" || entry.lines !== expected || entry.effective_on !== s.paidOn)
          problems.push(`The payment ${s.bankReference} to buyer app ${s.bapId} (${s.paidOn}) is not posted as ${formatPaise(n)} (${expected}).`);
      }

      // 4. Each accrual is a payout of a loan signed through that buyer app, for the fee agreed for it.
      for (const { fee: f, loanNo } of fees) {
        if (f.kind !== "accrual") continue;
        const loan = loanNo ?? f.leadId;
        const [change] = await db.select().from(loanStatusChanges).where(eq(loanStatusChanges.id, f.statusChangeId));
        const [f06] = await db
          .select()
          .from(ondcFormSubmissions)
          .where(
            and(
              eq(ondcFormSubmissions.leadId, f.leadId),
              eq(ondcFormSubmissions.transactionId, f.transactionId),
              eq(ondcFormSubmissions.formId, "F06"),
              eq(ondcFormSubmissions.outcome, "eligible"),
            ),
          );
        if (!change || change.toStatus !== "DISBURSED" || change.leadId !== f.leadId) {
          problems.push(`The finder fee of loan ${loan} (buyer app ${f.bapId}) is not for a payout of that loan.`);
          continue;
        }
        if (!f06) {
          problems.push(`The finder fee of loan ${loan} is accrued to buyer app ${f.bapId}, but the loan's agreement was not signed in that ONDC transaction.`);
          continue;
        }
        // The fee and buyer app on_confirm stated (stored with the order); with no confirm stored, the search's.
        const parts = await orderParts(db, kfsPages, f06);
        const bapId = parts?.bapId ?? (await buyerAppOf(db, f.transactionId));
        if (bapId !== f.bapId)
          problems.push(`The finder fee of loan ${loan} is accrued to buyer app ${f.bapId}, but its transaction is ${bapId ?? "nobody"}'s.`);
        const agreed = parts?.fee ?? null;
        if (agreed !== Number(f.feePaise))
          problems.push(
            `The finder fee of loan ${loan} is ${formatPaise(Number(f.feePaise))} but ${agreed === null ? "no fee can be read" : `${formatPaise(agreed)} was agreed`} for it.`,
          );
        else if (f.feeFrom === "on_confirm" && parts?.feeFrom !== "on_confirm")
          problems.push(`The finder fee of loan ${loan} is recorded as on_confirm stated it, but no confirmed order is stored for its agreement.`);
      }

      // 5. No payout of a loan signed through a buyer app, nor a return of one accrued, is missing its row.
      const before = new Date(now().getTime() - JOB_GRACE_MS);
      const missing = rowsOf<{ lead_id: string; loan_no: string | null; move: string; day: string }>(
        await db.execute(sql`select c.lead_id, a.loan_no, c.move, (c.changed_at at time zone 'Asia/Kolkata')::date::text as day
          from loan_status_changes c join loan_accounts a on a.lead_id = c.lead_id
          where c.changed_at <= ${before.toISOString()}::timestamptz
            and (c.changed_at at time zone 'Asia/Kolkata')::date <= ${asOf}::date
            and not exists (select 1 from ondc_finder_fees f where f.status_change_id = c.id)
            and (
              (c.to_status = 'DISBURSED' and exists (select 1 from ondc_form_submissions s
                 where s.lead_id = c.lead_id and s.form_id = 'F06' and s.outcome = 'eligible' and s.created_at <= c.changed_at))
              or (c.move = 'returnPayout' and exists (select 1 from ondc_finder_fees f
                 where f.lead_id = c.lead_id and f.kind = 'accrual' and f.status_change_id < c.id
                   and not exists (select 1 from ondc_finder_fees r where r.reverses = f.status_change_id)))
            )
          order by c.id`),
      );
      for (const m of missing)
        problems.push(
          m.move === "returnPayout"
            ? `Loan ${m.loan_no ?? m.lead_id}'s payout was returned on ${m.day} but its buyer app's finder fee was not taken back.`
            : `Loan ${m.loan_no ?? m.lead_id} was paid out on ${m.day} through an ONDC buyer app but its finder fee is not in the books.`,
        );
      return problems;
    },
  };
}
