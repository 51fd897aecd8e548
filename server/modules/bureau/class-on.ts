// Days past due and asset class of a loan on a date: the one function the bureau file reads them
// through. services.ts gives it the asset-classification module's history (issue 22).
import type { IsoDate } from "../../../core/calendar.ts";
import type { AssetClass } from "../../../core/loan-math/asset-class.ts";

export type LoanClass = { daysPastDue: number; assetClass: AssetClass };
export type ClassOn = (leadId: string, on: IsoDate) => Promise<LoanClass>;
