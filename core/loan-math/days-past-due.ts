// Days past due and the class a loan moves to (issue 22, RBI IRACP norms), from what dues() says of a
// bullet loan on a date. Its one due is the principal and interest due on the repayment date: the days
// count from the day after that date while any principal, interest or charge is unpaid (a part payment
// does not lower them). IRACP's overdue covers "principal, interest, any charge" not paid on its due
// date, so penal charges left unpaid keep the loan past due (issue 29, decision 44).
import { assetClassOf, type AssetClass } from "./asset-class.ts";
import type { Dues } from "./dues.ts";

/** Days past due at the end of the dues' date: the days since the repayment date while arrears remain, else 0. */
export function daysPastDue(d: Dues): number {
  const arrears = d.principalOutstanding + d.interestOutstanding + d.penalOutstanding;
  return d.overdueDays > 0 && arrears > 0 ? d.overdueDays : 0;
}

/** Amount overdue: everything owed once the repayment date has passed (penal charges included), else 0. */
export function amountOverdue(d: Dues): number {
  return d.overdueDays > 0 ? d.totalDue : 0;
}

/**
 * The class after a day, given the class before it: a loan classified NPA becomes standard only when
 * all arrears are paid (days past due 0); while any remain it stays NPA, whatever the days say (a
 * payment value-dated back never lifts it to SMA).
 */
export function classAfter(previous: AssetClass | null, days: number): AssetClass {
  if (previous === "NPA" && days > 0) return "NPA";
  return assetClassOf(days);
}
