// Asset classification (issue 22, RBI IRACP norms for NBFCs): the day-end job classifies every open or
// recently closed loan for each day that has ended since it last ran, and keeps the class as a history
// of periods per loan (asset_class_history). It reads loans through the loans service and their
// payments through the payments service; the rules (days past due, the upgrade rule, the classes) are
// core's. A loan is classified under its own lock, so the job, a retry or a second instance write once.
import { and, asc, eq, inArray, isNull, lte, max, or, gte, sql } from "drizzle-orm";
import {
  ASSET_CLASSES,
  LOAN_CLASS_ROLES,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_ROLES,
  portfolioCsv,
  portfolioDate,
  type AssetClassPeriod,
  type ClassFigures,
  type LoanClassView,
  type PortfolioSummary,
} from "../../../core/admin/portfolio-desk.ts";
import { addDays, todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { createNpaSince } from "./npa-since.ts";
import { amountOverdue, classAfter, daysPastDue } from "../../../core/loan-math/days-past-due.ts";
import type { LoanPayment, LoanTerms } from "../../../core/loan-math/index.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import type { StaffAutopay } from "../../../core/admin/collections-desk.ts";
import { termsOf, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { PrudentialDayEnd } from "./prudential.ts";

type HistoryRow = typeof assetClassHistory.$inferSelect;
type Executor = Pick<Db, "select">;

/** The instant an India date begins (India has no daylight saving). */
const startOfIndiaDay = (d: IsoDate) => new Date(`${d}T00:00:00+05:30`);
/** The India date a closed loan closed on. */
const closedOn = (lead: LoanLead): IsoDate | null => (lead.status === "CLOSED" ? todayInIndia(lead.statusChangedAt) : null);

class JobFailures extends Error {
  constructor(count: number) {
    super(`asset classification: ${count} loan(s) failed; the job will be retried`);
    this.name = "JobFailures";
  }
}

export function createAssetClassificationService(deps: {
  db: Db;
  loans: LoansService;
  payments: Pick<PaymentsService, "loanPayments">;
  now: () => Date;
  logger: Logger;
  /** Decision 44: each day-end's income suspense and provision (prudential.ts). */
  prudential: Pick<PrudentialDayEnd, "dayEnd" | "release" | "keepSuspense" | "lastChargedOn">;
  /** Issue 24: the loan's AutoPay mandate for its page (the mandates module's staffView). */
  autopayOf?: (loans: { leadId: string; repaymentDate: string | null }[]) => Promise<Map<string, StaffAutopay>>;
}) {
  const { db, loans, payments, now, logger } = deps;

  /** A loan's figures at the end of `on` from its terms and payments (dues() of core). */
  function figuresOn(lead: LoanLead, terms: LoanTerms, paid: readonly LoanPayment[], on: IsoDate) {
    const d = loans.duesOn(lead, terms, paid, on);
    return { daysPastDue: daysPastDue(d), overduePaise: amountOverdue(d), outstandingPaise: d.totalDue };
  }

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

  /** IRACP: the first day of the loan's current NPA period, or null when its class is not NPA (npa-since.ts, which the ledger reads too). */
  const npaSince = createNpaSince(db);

  /** History rows covering `on` (from_date to to_date, or to the last classified day while current). */
  async function rowsCovering(leadIds: string[], on: IsoDate): Promise<Map<string, HistoryRow>> {
    const out = new Map<string, HistoryRow>();
    if (!leadIds.length) return out;
    const rows = await db
      .select()
      .from(assetClassHistory)
      .where(
        and(
          inArray(assetClassHistory.leadId, leadIds),
          lte(assetClassHistory.fromDate, on),
          or(gte(assetClassHistory.toDate, on), and(isNull(assetClassHistory.toDate), gte(assetClassHistory.asOf, on))),
        ),
      );
    for (const r of rows) out.set(r.leadId, r);
    return out;
  }

  /** The class before `on` when no row covers it: the latest period that started earlier. */
  async function classBefore(leadId: string, on: IsoDate): Promise<AssetClass | null> {
    const [row] = await db
      .select({ assetClass: assetClassHistory.assetClass })
      .from(assetClassHistory)
      .where(and(eq(assetClassHistory.leadId, leadId), sql`${assetClassHistory.fromDate} < ${on}`))
      .orderBy(sql`${assetClassHistory.fromDate} desc`)
      .limit(1);
    return (row?.assetClass as AssetClass | undefined) ?? null;
  }

  /** One loan's figures as on a date: the class from the history when the job has classified that day, else computed. */
  async function figuresAsOn(lead: LoanLead, on: IsoDate, covering: HistoryRow | undefined) {
    const terms = await termsOf(db, lead.id);
    if (!terms) return null;
    const f = figuresOn(lead, terms, await payments.loanPayments(db, lead.id), on);
    if (covering) return { assetClass: covering.assetClass as AssetClass, ...f, asOn: on, source: "history" as const };
    return { assetClass: classAfter(await classBefore(lead.id, on), f.daysPastDue), ...f, asOn: on, source: "computed" as const };
  }

  /**
   * For the bureau file and the screens: a loan's class, days past due, amount overdue and outstanding
   * as on a date (end of that India day). The class is the history's when the day-end job has
   * classified that day, else computed the same way; the figures are that day's. Null when the lead is
   * not a loan (or one without loan terms) or the date is before its disbursal.
   */
  async function classOn(leadId: string, on: IsoDate): Promise<(ClassFigures & { asOn: IsoDate; source: "history" | "computed" }) | null> {
    const lead = await loans.byId(leadId);
    if (!lead || !loans.isLoan(lead) || on < lead.disbursalDate) return null;
    return figuresAsOn(lead, on, (await rowsCovering([lead.id], on)).get(lead.id));
  }

  /** Loans open at the end of `on` (disbursed by then, not closed by then), with their class and amounts, summed by class. */
  async function portfolioOn(on: IsoDate): Promise<PortfolioSummary> {
    const open = (await loans.loansOpenSince(startOfIndiaDay(addDays(on, 1)))).filter((l) => l.disbursalDate! <= on);
    const covering = await rowsCovering(
      open.map((l) => l.id),
      on,
    );
    const rows = ASSET_CLASSES.map((assetClass) => ({ assetClass, loans: 0, outstandingPaise: 0, overduePaise: 0 }));
    for (const lead of open) {
      const f = await figuresAsOn(lead, on, covering.get(lead.id));
      if (!f) continue;
      const row = rows.find((r) => r.assetClass === f.assetClass)!;
      row.loans++;
      row.outstandingPaise += f.outstandingPaise;
      row.overduePaise += f.overduePaise;
    }
    const total = rows.reduce(
      (t, r) => ({ loans: t.loans + r.loans, outstandingPaise: t.outstandingPaise + r.outstandingPaise, overduePaise: t.overduePaise + r.overduePaise }),
      {
        loans: 0,
        outstandingPaise: 0,
        overduePaise: 0,
      },
    );
    return { asOn: on, rows, total };
  }

  function dateOf(input: { date?: string } | undefined): IsoDate {
    const parsed = portfolioDate(typeof input?.date === "string" ? input.date : "", todayInIndia(now()));
    if ("error" in parsed) throw new InvalidInput(parsed.error, { date: parsed.error });
    return parsed.date;
  }

  const desk = {
    async summary(staff: StaffActor | null, input: { date?: string }): Promise<PortfolioSummary> {
      requireStaffRole(staff, ...PORTFOLIO_ROLES);
      return portfolioOn(dateOf(input));
    },

    async csv(staff: StaffActor | null, input: { date?: string }): Promise<{ filename: string; text: string }> {
      requireStaffRole(staff, ...PORTFOLIO_ROLES);
      const summary = await portfolioOn(dateOf(input));
      return { filename: `portfolio-${summary.asOn}.csv`, text: portfolioCsv(summary) };
    },

    async loanClass(staff: StaffActor | null, leadId: string): Promise<LoanClassView> {
      requireStaffRole(staff, ...LOAN_CLASS_ROLES);
      const id = String(leadId ?? "");
      if (!isUuid(id)) throw new NotFound(PORTFOLIO_MESSAGES.notFound);
      const today = await classOn(id.toLowerCase(), todayInIndia(now()));
      if (!today) throw new NotFound(PORTFOLIO_MESSAGES.notFound);
      const rows = await db.select().from(assetClassHistory).where(eq(assetClassHistory.leadId, id.toLowerCase())).orderBy(asc(assetClassHistory.fromDate));
      const history: AssetClassPeriod[] = rows.map((r) => ({
        assetClass: r.assetClass as AssetClass,
        fromDate: r.fromDate,
        toDate: r.toDate,
        asOf: r.asOf,
        daysPastDue: r.daysPastDue,
        overduePaise: r.overduePaise,
      }));
      const { source: _source, ...figures } = today;
      const lead = await loans.byId(id.toLowerCase());
      const autopay = lead ? ((await deps.autopayOf?.([{ leadId: lead.id, repaymentDate: lead.repaymentDate ?? null }]))?.get(lead.id) ?? null) : null;
      return { today: figures, history, autopay };
    },
  };

  return { runDayEnd, classifyLoan, classOn, npaSince, portfolioOn, desk };
}

export type AssetClassificationService = ReturnType<typeof createAssetClassificationService>;
