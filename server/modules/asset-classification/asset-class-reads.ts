// The reads of asset classification (issue 22): a loan's class and figures on a date, from the history when
// the day-end job has classified that day and computed the same way otherwise, and the portfolio by class.
import { and, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { ASSET_CLASSES, type ClassFigures, type PortfolioSummary } from "../../../core/admin/portfolio-desk.ts";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { classAfter } from "../../../core/loan-math/days-past-due.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import { termsOf, type LoanLead, type LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { startOfIndiaDay, type FiguresOn, type HistoryRow } from "./asset-class-figures.ts";

export function createAssetClassReads(deps: { db: Db; loans: LoansService; payments: Pick<PaymentsService, "loanPayments">; figuresOn: FiguresOn }) {
  const { db, loans, payments, figuresOn } = deps;

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
  return { classOn, portfolioOn };
}
