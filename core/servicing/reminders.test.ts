import { describe, expect, it } from "vitest";
import { addDays } from "../calendar.ts";
import { reminderDueOn, withinContactHours } from "./reminders.ts";

describe("reminder schedule (decision 31)", () => {
  const due = "2026-12-10";
  it("names the reminder of 3 and 1 days before, the date, and 1, 3 and 7 days after; nothing on other days", () => {
    const sent = Array.from({ length: 15 }, (_, i) => i - 5).map((o) => [o, reminderDueOn(due, addDays(due, o))]);
    expect(sent.filter(([, k]) => k)).toEqual([
      [-3, "due_in_3"],
      [-1, "due_in_1"],
      [0, "due_today"],
      [1, "overdue_1"],
      [3, "overdue_3"],
      [7, "overdue_7"],
    ]);
  });

  it("contact hours are 08:00 to 19:00 India time (UTC+05:30)", () => {
    expect(withinContactHours(new Date("2026-12-10T02:29:00Z"))).toBe(false); // 07:59 IST
    expect(withinContactHours(new Date("2026-12-10T02:30:00Z"))).toBe(true); // 08:00 IST
    expect(withinContactHours(new Date("2026-12-10T13:29:00Z"))).toBe(true); // 18:59 IST
    expect(withinContactHours(new Date("2026-12-10T13:30:00Z"))).toBe(false); // 19:00 IST
    expect(withinContactHours(new Date("2026-12-10T20:00:00Z"))).toBe(false); // 01:30 IST next day
  });
});
