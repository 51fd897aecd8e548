// Accounting periods (decision 44, "Period close"): months, closed in order, each only after it has
// ended. Pure: the journals module reads the closed months and the ledger's first entry and asks here.
import { isIsoDate, type IsoDate } from "./calendar.ts";

/** A month, by its first day: "2026-10-01". */
export type Month = IsoDate;

export const monthOf = (day: IsoDate): Month => `${day.slice(0, 7)}-01`;

export function nextMonth(month: Month): Month {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
}

/** "Oct 2026", for messages and memos. */
export function monthLabel(month: Month): string {
  const names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${names[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The first day of the open period: the day after the latest closed month, or null when none is closed. */
export const firstOpenDayAfter = (lastClosed: Month | null): IsoDate | null => (lastClosed ? nextMonth(lastClosed) : null);

export const isMonth = (text: string): boolean => isIsoDate(text) && text.endsWith("-01");

/**
 * The month that may be closed next, or why none may. Months close in order: the next is the one after
 * the latest closed month, or the ledger's first month when none is closed; it must have ended by today.
 */
export function nextClosableMonth(input: {
  lastClosed: Month | null;
  firstEntryOn: IsoDate | null;
  today: IsoDate;
}): { month: Month } | { month: Month | null; refused: string } {
  const next = input.lastClosed ? nextMonth(input.lastClosed) : input.firstEntryOn ? monthOf(input.firstEntryOn) : null;
  if (!next) return { month: null, refused: "The ledger has no entries yet: there is no month to close." };
  if (nextMonth(next) > input.today) return { month: next, refused: `${monthLabel(next)} has not ended yet; it can be closed from ${nextMonth(next)}.` };
  return { month: next };
}

/** The months from `from` to `to` (first days), oldest first. */
export function monthsBetween(from: Month, to: Month): Month[] {
  const out: Month[] = [];
  for (let m = from; m <= to && out.length < 600; m = nextMonth(m)) out.push(m);
  return out;
}
