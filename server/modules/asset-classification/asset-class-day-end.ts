// The day-end job of asset classification (issue 22, RBI IRACP norms): classifies every open or recently
// closed loan for each day that has ended since it last ran, one loan at a time under its own lock, and
// keeps the books' income suspense and provision in step (prudential.ts).
import { and, eq, isNull, max } from "drizzle-orm";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { classAfter } from "../../../core/loan-math/days-past-due.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { termsOf, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { startOfIndiaDay, type FiguresOn, type HistoryRow } from "./asset-class-figures.ts";
import type { PrudentialDayEnd } from "./prudential.ts";

type Executor = Pick<Db, "select">;

/** The India date a closed loan closed on. */
const closedOn = (lead: LoanLead): IsoDate | null => (lead.status === "CLOSED" ? todayInIndia(lead.statusChangedAt) : null);

class JobFailures extends Error {
  constructor(count: number) {
    super(`asset classification: ${count} loan(s) failed; the job will be retried`);
    this.name = "JobFailures";
  }
}

export function createAssetClassDayEnd(deps: {
  db: Db;
  loans: LoansService;
  payments: Pick<PaymentsService, "loanPayments">;
  now: () => Date;
  logger: Logger;
  prudential: Pick<PrudentialDayEnd, "dayEnd" | "release" | "keepSuspense" | "lastChargedOn">;
  figuresOn: FiguresOn;
}) {
  const { db, loans, payments, now, logger, figuresOn } = deps;

  const currentRow = async (executor: Executor, leadId: string): Promise<HistoryRow | null> => {
    const [row] = await executor
      .select()
      .from(assetClassHistory)
      .where(and(eq(assetClassHistory.leadId, leadId), isNull(assetClassHistory.toDate)));
    return row ?? null;
  };

  /**
   * Classifies one loan for each day from the day after its last classified day up to `through` (or
   * its closure date), in one transaction under the loan's lock: the current row's figures follow the
   * day; a change of class ends the row the day before and starts a new one; closure ends the last row.
   */
  async function classifyLoan(leadId: string, through: IsoDate): Promise<{ days: number; changes: number }> {
    return db.transaction(async (tx) => {
      const lead = await loans.lock(tx, leadId);
      if (!lead || !loans.isLoan(lead)) {
        if (lead) await deps.prudential.release(tx, { loanId: lead.id, on: through, at: now() });
        return { days: 0, changes: 0 };
      }
      const ended = closedOn(lead);
      const current = await currentRow(tx, lead.id);
      if (!current) {
        // A loan whose history has ended (closed and classified to its closure) is done.
        const [any] = await tx.select({ id: assetClassHistory.id }).from(assetClassHistory).where(eq(assetClassHistory.leadId, lead.id)).limit(1);
        if (any) return { days: 0, changes: 0 };
      }
      // A loan from before loan terms were kept (old demo data) has no figures to classify.
      const terms = await termsOf(tx, lead.id);
      if (!terms) return { days: 0, changes: 0 };
      const first = current ? addDays(current.asOf as IsoDate, 1) : (lead.disbursalDate as IsoDate);
      const last = ended && ended < through ? ended : through;
      const paid = await payments.loanPayments(tx, lead.id);
      // The days are worked out in memory as periods of one class; only each period's last figures are written.
      type Period = {
        id: string | null;
        assetClass: AssetClass;
        fromDate: IsoDate;
        asOf: IsoDate;
        daysPastDue: number;
        overduePaise: number;
        outstandingPaise: number;
      };
      const periods: Period[] = current
        ? [{ ...current, id: current.id, assetClass: current.assetClass as AssetClass, fromDate: current.fromDate as IsoDate, asOf: current.asOf as IsoDate }]
        : [];
      let days = 0;
      const at = now();
      for (let on = first; on <= last; on = addDays(on, 1)) {
        const f = figuresOn(lead, terms, paid, on);
        const open = periods.at(-1);
        const assetClass = classAfter(open?.assetClass ?? null, f.daysPastDue);
        if (open && open.assetClass === assetClass) Object.assign(open, { asOf: on, ...f });
        else periods.push({ id: null, assetClass, fromDate: on, asOf: on, ...f });
        // The books follow the day's class: income suspense on NPA, the provision the class requires.
        const npaFrom = assetClass === "NPA" ? periods.at(-1)!.fromDate : null;
        await deps.prudential.dayEnd(tx, { loanId: lead.id, on, assetClass, npaFrom, at });
        days++;
      }
      for (const [i, p] of periods.entries()) {
        const next = periods[i + 1];
        // A period ends the day before the next starts; a closed loan's last period ends at closure once that day is classified.
        const toDate = next ? addDays(next.fromDate, -1) : ended && p.asOf >= ended ? ended : null;
        const row = { asOf: p.asOf, daysPastDue: p.daysPastDue, overduePaise: p.overduePaise, outstandingPaise: p.outstandingPaise, toDate, updatedAt: at };
        if (p.id) {
          if (days > 0 || toDate) await tx.update(assetClassHistory).set(row).where(eq(assetClassHistory.id, p.id));
        } else {
          await tx.insert(assetClassHistory).values({ leadId: lead.id, assetClass: p.assetClass, fromDate: p.fromDate, ...row });
        }
      }
      // Charges the books hold for days after the last classified one (posted before the loan was known
      // to be NPA) are unrealised too: they join the suspense, dated the last day charged.
      if (days > 0 && periods.at(-1)!.assetClass === "NPA") {
        const charged = await deps.prudential.lastChargedOn(tx, lead.id);
        await deps.prudential.keepSuspense(tx, { loanId: lead.id, on: charged && charged > last ? charged : last, reference: `day-end-${last}`, at });
      }
      const changes = Math.max(0, periods.length - 1);
      return { days, changes };
    });
  }

  /**
   * The day-end job: every day that has ended (up to yesterday, India time) since the last run, for
   * each open loan and each loan closed since then. Safe to run any number of times.
   */
  async function runDayEnd(): Promise<{ through: IsoDate; loans: number; days: number; changes: number }> {
    const through = addDays(todayInIndia(now()), -1);
    const [{ last }] = await db.select({ last: max(assetClassHistory.asOf) }).from(assetClassHistory);
    const since = last ? startOfIndiaDay(last as IsoDate) : null;
    const ids = new Set((await loans.loansOpenSince(since)).map((l) => l.id));
    // Loans whose history is still open (closed after a run that failed for them) are finished too.
    for (const r of await db.select({ leadId: assetClassHistory.leadId }).from(assetClassHistory).where(isNull(assetClassHistory.toDate))) ids.add(r.leadId);
    const totals = { through, loans: 0, days: 0, changes: 0 };
    let failed = 0;
    for (const id of ids) {
      try {
        const done = await classifyLoan(id, through);
        if (done.days) totals.loans++;
        totals.days += done.days;
        totals.changes += done.changes;
      } catch (error) {
        failed++;
        logger.warn("asset classification failed for a loan", { leadId: id, error: error instanceof Error ? error.name : typeof error });
      }
    }
    if (failed) throw new JobFailures(failed);
    return totals;
  }
  return { classifyLoan, runDayEnd };
}
