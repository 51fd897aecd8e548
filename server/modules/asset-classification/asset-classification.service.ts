// Asset classification (issue 22, RBI IRACP norms for NBFCs): the day-end job classifies every open or
// recently closed loan for each day that has ended since it last ran, and keeps the class as a history
// of periods per loan (asset_class_history). It reads loans through the loans service and their
// payments through the payments service; the rules (days past due, the upgrade rule, the classes) are
// core's. A loan is classified under its own lock, so the job, a retry or a second instance write once.
// The day-end job is asset-class-day-end.ts, the reads asset-class-reads.ts; this file assembles them
// with the portfolio desk.
import { asc, eq } from "drizzle-orm";
import {
  LOAN_CLASS_ROLES,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_ROLES,
  portfolioCsv,
  portfolioDate,
  type AssetClassPeriod,
  type LoanClassView,
  type PortfolioSummary,
} from "../../../core/admin/portfolio-desk.ts";
import { todayInIndia, type IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";
import { createNpaSince } from "./npa-since.ts";
import { isUuid } from "../../../core/validation/primitives.ts";
import type { Db } from "../../db/client.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import { requireStaffRole, type StaffActor } from "../credit/credit.service.ts";
import { InvalidInput, NotFound } from "../domain-errors.ts";
import type { StaffAutopay } from "../../../core/admin/collections-desk.ts";
import type { LoansService } from "../loans/loans.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { createAssetClassDayEnd } from "./asset-class-day-end.ts";
import { createFiguresOn } from "./asset-class-figures.ts";
import { createAssetClassReads } from "./asset-class-reads.ts";
import type { PrudentialDayEnd } from "./prudential.ts";

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

  const figuresOn = createFiguresOn(loans);
  const { classifyLoan, runDayEnd } = createAssetClassDayEnd({ db, loans, payments, now, logger, prudential: deps.prudential, figuresOn });
  const { classOn, portfolioOn } = createAssetClassReads({ db, loans, payments, figuresOn });

  /** IRACP: the first day of the loan's current NPA period, or null when its class is not NPA (npa-since.ts, which the ledger reads too). */
  const npaSince = createNpaSince(db);

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
