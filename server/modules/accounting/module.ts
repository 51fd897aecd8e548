// The accountant's module (issue 29): the books desk (trial balance, general ledger, day book, Tally file, a loan's
// account) and `npm run ledger:check`, which reads every module that holds money (docs/decisions/platform.md, decision 65).
import type { LeadSourcesOf } from "../../../core/admin/lead-source.ts";
import type { IsoDate } from "../../../core/calendar.ts";
import type { Db } from "../../db/client.ts";
import type { LedgerService } from "../ledger/ledger.service.ts";
import { createBooksCheck } from "../loans/books-check.service.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import { createBooksReportsService } from "./books-reports.service.ts";

export function createAccountingModule(deps: {
  db: Db;
  ledger: LedgerService;
  payments: Pick<PaymentsService, "paymentsForCheck">;
  prudential: { problems: (loanId: string, asOf: IsoDate) => Promise<string[]> };
  clearingCheck: { run: (asOf: IsoDate) => Promise<string[]> };
  /** Issue 32: which loans came through ONDC, for a loan's account page. */
  leadSources: { of: LeadSourcesOf };
  /** Issue 32, point 9: the payable to buyer apps against its sub-ledger (the ONDC module's finder-fee books). */
  finderFees: { problems: (asOf: IsoDate) => Promise<string[]> };
  now: () => Date;
}) {
  const { db, ledger, payments, prudential, clearingCheck, finderFees } = deps;
  return {
    /** Issue 29: the accountant's desk, read-only, for accounts and the auditor. */
    booksReports: createBooksReportsService({ db, ledger, sourcesOf: deps.leadSources.of, now: deps.now }),
    /** npm run ledger:check: every loan's books against dues(), and the trial balance. */
    booksCheck: createBooksCheck({
      db,
      ledger,
      paymentsOf: (leadId) => payments.paymentsForCheck(leadId),
      prudentialProblems: (loanId, asOf) => prudential.problems(loanId, asOf),
      clearingProblems: (asOf) => clearingCheck.run(asOf),
      subLedgerProblems: (asOf) => finderFees.problems(asOf),
    }),
  };
}
