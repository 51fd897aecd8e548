// The loans a credit-bureau file may carry (issue 22): every loan paid out by the period's last day
// that was still open at some time in the period. Loans closed before the period are filtered out here
// roughly (by the day their status changed) and exactly by the caller from their dues.
import { and, inArray, lte, or, eq, gte, asc } from "drizzle-orm";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import { leads, loanAccounts } from "../../db/schema/index.ts";
import { isLoan, termsOf, type LoanLead, type StoredLoanTerms } from "./loans.service.ts";
import { selectLeads } from "./loan-account.service.ts";

export function createReportedLoans(deps: { db: Db }) {
  const { db } = deps;
  return {
    async loansIn(period: { start: IsoDate; end: IsoDate }): Promise<{ lead: LoanLead; terms: StoredLoanTerms | null }[]> {
      // A status change two days before the period's first day (UTC against India time) still counts.
      const changedFrom = new Date(`${addDays(period.start, -2)}T00:00:00Z`);
      const rows = await selectLeads(db)
        .where(
          and(
            inArray(loanAccounts.status, ["DISBURSED", "CLOSED"]),
            lte(loanAccounts.disbursalDate, period.end),
            or(eq(loanAccounts.status, "DISBURSED"), gte(loanAccounts.statusChangedAt, changedFrom)),
          ),
        )
        .orderBy(asc(loanAccounts.loanNo), asc(leads.id));
      const out: { lead: LoanLead; terms: StoredLoanTerms | null }[] = [];
      for (const lead of rows) if (isLoan(lead)) out.push({ lead, terms: await termsOf(db, lead.id) });
      return out;
    },
  };
}

export type ReportedLoans = ReturnType<typeof createReportedLoans>;
