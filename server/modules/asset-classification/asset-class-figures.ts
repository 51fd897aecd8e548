// What the day-end job and the reads of asset classification share (issue 22): a loan's figures on a day,
// the history row, and the instant an India day begins.
import type { IsoDate } from "../../../core/calendar.ts";
import { amountOverdue, daysPastDue } from "../../../core/loan-math/days-past-due.ts";
import type { LoanPayment, LoanTerms } from "../../../core/loan-math/index.ts";
import { assetClassHistory } from "../../db/schema/index.ts";
import type { LoanLead, LoansService } from "../loans/loans.service.ts";

export type HistoryRow = typeof assetClassHistory.$inferSelect;

/** The instant an India date begins (India has no daylight saving). */
export const startOfIndiaDay = (d: IsoDate) => new Date(`${d}T00:00:00+05:30`);

export function createFiguresOn(loans: Pick<LoansService, "duesOn">) {
  /** A loan's figures at the end of `on` from its terms and payments (dues() of core). */
  function figuresOn(lead: LoanLead, terms: LoanTerms, paid: readonly LoanPayment[], on: IsoDate) {
    const d = loans.duesOn(lead, terms, paid, on);
    return { daysPastDue: daysPastDue(d), overduePaise: amountOverdue(d), outstandingPaise: d.totalDue };
  }
  return figuresOn;
}

export type FiguresOn = ReturnType<typeof createFiguresOn>;
