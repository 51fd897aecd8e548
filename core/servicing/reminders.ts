// Reminders and contact hours (decision 31). Pure: the servicing job and the back office read these.
import { daysBetween, type IsoDate } from "../calendar.ts";

/** Each reminder, by days from the repayment date (negative: before it). */
export const REMINDER_SCHEDULE = [
  { kind: "due_in_3", offset: -3 },
  { kind: "due_in_1", offset: -1 },
  { kind: "due_today", offset: 0 },
  { kind: "overdue_1", offset: 1 },
  { kind: "overdue_3", offset: 3 },
  { kind: "overdue_7", offset: 7 },
] as const;

export type ReminderKind = (typeof REMINDER_SCHEDULE)[number]["kind"];

/** The reminder that goes on `today` for a loan due on `repaymentDate`, if any. A day missed is not caught up later. */
export function reminderDueOn(repaymentDate: IsoDate, today: IsoDate): ReminderKind | null {
  const offset = daysBetween(repaymentDate, today);
  return REMINDER_SCHEDULE.find((r) => r.offset === offset)?.kind ?? null;
}

/** Customers are contacted (reminders, collections calls) only from 08:00 to 19:00 India time. */
export const CONTACT_HOURS = { from: 8, to: 19 } as const;

/** India Standard Time has no daylight saving: UTC+05:30 all year. */
export function indiaMinutesOfDay(at: Date): number {
  return (at.getUTCHours() * 60 + at.getUTCMinutes() + 330) % (24 * 60);
}

export function withinContactHours(at: Date): boolean {
  const m = indiaMinutesOfDay(at);
  return m >= CONTACT_HOURS.from * 60 && m < CONTACT_HOURS.to * 60;
}
