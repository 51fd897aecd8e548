// Calendar dates as 'YYYY-MM-DD' strings. A loan's dates are Indian calendar
// days, so core never touches a Date's local time zone: a server in UTC and a
// browser in IST must agree on "today" and on day counts.

export type IsoDate = string;

/** Returns a function giving today's date; injected so rules and tests can fix "today". */
export type Today = () => IsoDate;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
// India has one time zone, UTC+05:30, and no daylight saving.
const IST_OFFSET_MS = 330 * 60_000;

export type DateParts = { year: number; month: number; day: number };

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month; month is 1-12. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses 'YYYY-MM-DD'; null when the text is not a real calendar date (e.g. 2025-02-30). */
export function parseIsoDate(text: string): DateParts | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

export function formatIsoDate({ year, month, day }: DateParts): IsoDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function toDayNumber(date: IsoDate): number {
  const p = parseIsoDate(date);
  if (!p) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

function fromDayNumber(n: number): IsoDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Today's date in India for the given instant (default: now). */
export function todayInIndia(now: Date = new Date()): IsoDate {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export const defaultToday: Today = () => todayInIndia();

/**
 * Completed years of age on `today`. Someone born on 29 February turns a year
 * older on 1 March in common years (their birthday has not come on 28 February).
 */
export function ageOn(dob: IsoDate, today: IsoDate): number {
  const b = parseIsoDate(dob);
  const t = parseIsoDate(today);
  if (!b || !t) throw new RangeError("ageOn needs two calendar dates");
  const beforeBirthday = t.month < b.month || (t.month === b.month && t.day < b.day);
  return t.year - b.year - (beforeBirthday ? 1 : 0);
}
