// How long an item may wait in a clearing account, or for its bank statement line (issue 29,
// docs/decisions/money.md "Every clearing account clears"). Past its window it is a problem for the books
// check and shows on the accounts desk.
import type { IsoDate } from "../calendar.ts";
import { addWorkingDays } from "../credit.ts";

/** A gateway settles T+1 to T+2 working days; three working days allow for a late report. */
export const GATEWAY_SETTLEMENT_WORKING_DAYS = 3;
/** A bank transfer, a payout or a settlement shows in the statement of its day; three working days allow for importing it. */
export const BANK_STATEMENT_WORKING_DAYS = 3;

/** The last day an item that arose on `on` may still be open. */
export const gatewayWindowEnds = (on: IsoDate): IsoDate => addWorkingDays(on, GATEWAY_SETTLEMENT_WORKING_DAYS);
export const bankWindowEnds = (on: IsoDate): IsoDate => addWorkingDays(on, BANK_STATEMENT_WORKING_DAYS);
