// The credit-bureau reporting cycle (RBI, from 2025): data as on the 15th and on the last day of each
// month. A period runs from the 1st to the 15th, or from the 16th to the month's last day.
import { addDays, daysInMonth, formatIsoDate, parseIsoDate, type IsoDate } from "../calendar.ts";

export type ReportingPeriod = { start: IsoDate; end: IsoDate };

export const PERIOD_MESSAGES = {
  notADate: "Enter the period's last day as a date (YYYY-MM-DD).",
  notAPeriodEnd: "A reporting period ends on the 15th or on the last day of a month.",
  notOver: "That period has not ended yet: a file is built after its last day.",
} as const;

/** The period ending on `end`, or null when `end` is neither a 15th nor a month's last day. */
export function periodEndingOn(end: IsoDate): ReportingPeriod | null {
  const p = parseIsoDate(end);
  if (!p) return null;
  if (p.day === 15) return { start: formatIsoDate({ ...p, day: 1 }), end };
  if (p.day === daysInMonth(p.year, p.month)) return { start: formatIsoDate({ ...p, day: 16 }), end };
  return null;
}

/** The latest period that has ended before `today` (its last day is yesterday or earlier). */
export function latestEndedPeriod(today: IsoDate): ReportingPeriod {
  let day = addDays(today, -1);
  // At most 16 steps back reach a 15th or a month end.
  for (;;) {
    const period = periodEndingOn(day);
    if (period) return period;
    day = addDays(day, -1);
  }
}

/** The period after `period` (the 16th to month end after a 15th; the next month's 1st to 15th after a month end). */
export function nextPeriod(period: ReportingPeriod): ReportingPeriod {
  let day = addDays(period.end, 1);
  for (;;) {
    const next = periodEndingOn(day);
    if (next) return next;
    day = addDays(day, 1);
  }
}

/**
 * Issue 29: every period that has ended before `today`, from the one ending on `fromEnd` on, oldest
 * first. `fromEnd` must be a period end; a later or unknown one gives nothing.
 */
export function endedPeriodsFrom(fromEnd: IsoDate, today: IsoDate): ReportingPeriod[] {
  const first = periodEndingOn(fromEnd);
  if (!first) return [];
  const out: ReportingPeriod[] = [];
  for (let p = first; p.end < today; p = nextPeriod(p)) out.push(p);
  return out;
}

/** Checks a period end asked for by staff: a real date, a period end, already over. */
export function checkPeriodEnd(input: unknown, today: IsoDate): { ok: true; period: ReportingPeriod } | { ok: false; message: string } {
  const text = typeof input === "string" ? input.trim() : "";
  if (!parseIsoDate(text)) return { ok: false, message: PERIOD_MESSAGES.notADate };
  const period = periodEndingOn(text);
  if (!period) return { ok: false, message: PERIOD_MESSAGES.notAPeriodEnd };
  if (period.end >= today) return { ok: false, message: PERIOD_MESSAGES.notOver };
  return { ok: true, period };
}
