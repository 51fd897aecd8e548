// IRACP's accounting at each day-end (decision 44): the day a loan becomes NPA its unrealised charges
// leave income for suspense, and every day-end brings the loan's provision to what its class requires
// on its net book value (receivables less suspense). The rates are core/accounting-policy.ts. The check
// half proves, for ledger:check, that what the books hold matches the class the day-end recorded.
import { and, asc, eq, sql } from "drizzle-orm";
import { provisionClassOf, provisionRequired, type ProvisionClass } from "../../../core/accounting-policy.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import { ledgerKeys, netBookValueOf as netBookValue, provisionEntry, type LedgerService, type Tx } from "../ledger/ledger.service.ts";
import { provisionDayProblems } from "./provision-days.ts";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const CLASS_WORDS: Record<ProvisionClass, string> = { standard: "standard", sub_standard: "sub-standard", doubtful: "doubtful", loss: "loss" };

export function createPrudentialDayEnd(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  return {
    /**
     * The day-end of `on` for one loan, in the classification's transaction: `npaFrom` is the first day
     * of its NPA period when it is NPA, `becameNpa` when that day is `on`.
     */
    async dayEnd(tx: Tx, input: { loanId: string; on: IsoDate; assetClass: AssetClass; npaFrom: IsoDate | null; at: Date }) {
      const { loanId, on, at } = input;
      if (input.assetClass === "NPA") await ledger.moveToSuspense(tx, { loanId, on, at });
      const held = await ledger.balances(loanId, tx, on);
      const provisionClass = provisionClassOf(input.assetClass, input.npaFrom, on);
      const change = provisionRequired(netBookValue(held), provisionClass) - held.loan_loss_provision;
      if (change !== 0)
        await ledger.post(tx, provisionEntry({ loanId, on, change, occurredAt: at, memo: `Provision for a ${CLASS_WORDS[provisionClass]} asset on ${on}` }), {
          // A day-end caught up after its month closed posts in the open period (decision 44).
          ifClosed: "first_open_day",
        });
    },

    keepSuspense: (tx: Tx, input: { loanId: string; on: IsoDate; reference: string; at: Date }) => ledger.keepSuspense(tx, input),
    lastChargedOn: (tx: Tx, loanId: string) => ledger.lastChargedOn(loanId, tx),

    /** A lead that is no longer a loan (its payout returned) holds no provision. */
    async release(tx: Tx, input: { loanId: string; on: IsoDate; at: Date }) {
      const held = (await ledger.balances(input.loanId, tx)).loan_loss_provision;
      if (held !== 0)
        await ledger.post(
          tx,
          provisionEntry({ loanId: input.loanId, on: input.on, change: -held, occurredAt: input.at, memo: "No loan: its payout was returned" }),
          { ifClosed: "first_open_day" },
        );
    },

    /**
     * For ledger:check: at every classified day-end up to `asOf`, the provision held equals the rate of
     * the class recorded that day on the net book value the books held when that day-end ran
     * (provision-days.ts); at the last classified day an NPA has been moved to suspense.
     */
    async problems(loanId: string, asOf: IsoDate): Promise<string[]> {
      const periods = await db
        .select()
        .from(assetClassHistory)
        .where(and(eq(assetClassHistory.leadId, loanId), sql`${assetClassHistory.fromDate} <= ${asOf}`))
        .orderBy(asc(assetClassHistory.fromDate));
      if (!periods.length) return [];
      const lines = rowsOf<{ seq: string; key: string; effective_on: string; account: string; net: string }>(
        await db.execute(sql`select e.seq::text as seq, e.idempotency_key as key, e.effective_on::text as effective_on, p.account,
            sum(case when p.side = 'debit' then p.amount else -p.amount end)::text as net
          from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.loan_id = ${loanId} group by e.seq, e.idempotency_key, e.effective_on, p.account order by e.seq`),
      ).map((r) => ({ seq: Number(r.seq), key: r.key, effectiveOn: r.effective_on as IsoDate, account: r.account, net: Number(r.net) }));
      const out = provisionDayProblems({
        periods: periods.map((p) => ({
          assetClass: p.assetClass as AssetClass,
          fromDate: p.fromDate as IsoDate,
          toDate: p.toDate as IsoDate | null,
          asOf: p.asOf as IsoDate,
        })),
        lines,
        through: asOf,
        provisionKey: (on) => ledgerKeys.provision(loanId, on),
      });
      // An NPA's unpaid charges were all in suspense at its last day-end (later back-dated entries come in at the next).
      const row = periods.filter((p) => p.asOf <= asOf).at(-1);
      if (row?.assetClass !== "NPA") return out;
      const day = row.asOf as IsoDate;
      const balances = rowsOf<{ account: string; net: string }>(
        await db.execute(sql`select p.account, sum(case when p.side = 'debit' then p.amount else -p.amount end)::text as net
          from ledger_postings p join ledger_entries e on e.id = p.entry_id
          where p.loan_id = ${loanId} and e.effective_on <= ${day} and e.occurred_at <= ${row.updatedAt} group by p.account`),
      );
      const net = (account: string) => Number(balances.find((b) => b.account === account)?.net ?? 0);
      const [interest, penal] = [net("interest_receivable"), net("penal_receivable")];
      const [interestSuspense, penalSuspense] = [-net("interest_suspense"), -net("penal_suspense")];
      if (interestSuspense !== interest || penalSuspense !== penal)
        out.push(`The loan is NPA on ${day} but its suspense (${interestSuspense}, ${penalSuspense}) is not its unpaid charges (${interest}, ${penal}).`);
      return out;
    },
  };
}

export type PrudentialDayEnd = ReturnType<typeof createPrudentialDayEnd>;
