// Days past due and asset class of a loan on a date: the one function the bureau file reads them
// through. Until the asset-classification module's stored history is wired in (services.ts), they are
// worked out from the loan's dues: days since the repayment date while any of the due is unpaid.
import type { IsoDate } from "../../../core/calendar.ts";
import { assetClassOf, type AssetClass } from "../../../core/loan-math/asset-class.ts";
import type { LoanPayment } from "../../../core/loan-math/index.ts";
import type { Db } from "../../db/client.ts";
import type { LoansService } from "../loans/loans.service.ts";

export type LoanClass = { daysPastDue: number; assetClass: AssetClass };
export type ClassOn = (leadId: string, on: IsoDate) => Promise<LoanClass>;

export function createDueBasedClassOn(deps: {
  db: Db;
  loans: LoansService;
  loanPayments: (executor: Pick<Db, "select">, leadId: string) => Promise<LoanPayment[]>;
}): ClassOn {
  const { db, loans } = deps;
  return async (leadId, on) => {
    const lead = await loans.byId(leadId);
    if (!lead || !loans.isLoan(lead) || lead.disbursalDate > on) return { daysPastDue: 0, assetClass: "STANDARD" };
    const payments = (await deps.loanPayments(db, leadId)).filter((p) => p.on <= on);
    const d = loans.duesOn(lead, await loans.terms(db, leadId), payments, on);
    const daysPastDue = d.totalDue > 0 ? d.overdueDays : 0;
    return { daysPastDue, assetClass: assetClassOf(daysPastDue) };
  };
}
