import { describe, expect, it } from "vitest";
import { PERIOD_MESSAGES, checkPeriodEnd, endedPeriodsFrom, latestEndedPeriod, nextPeriod, periodEndingOn } from "./periods.ts";

describe("bureau reporting periods (the 15th and the month's last day)", () => {
  it("a period ends on the 15th (from the 1st) or on the last day (from the 16th), February and 30/31-day months included", () => {
    expect(periodEndingOn("2027-01-15")).toEqual({ start: "2027-01-01", end: "2027-01-15" });
    expect(periodEndingOn("2027-01-31")).toEqual({ start: "2027-01-16", end: "2027-01-31" });
    expect(periodEndingOn("2027-04-30")).toEqual({ start: "2027-04-16", end: "2027-04-30" });
    expect(periodEndingOn("2027-02-28")).toEqual({ start: "2027-02-16", end: "2027-02-28" });
    expect(periodEndingOn("2028-02-29")).toEqual({ start: "2028-02-16", end: "2028-02-29" });
    // Not period ends: the 28th of a leap February, the 30th of a 31-day month, the 16th, no such date.
    expect(periodEndingOn("2028-02-28")).toBeNull();
    expect(periodEndingOn("2027-01-30")).toBeNull();
    expect(periodEndingOn("2027-01-16")).toBeNull();
    expect(periodEndingOn("2027-02-29")).toBeNull();
    expect(periodEndingOn("2027-04-31")).toBeNull();
  });

  it("the latest period that has ended is the one whose last day is yesterday or earlier", () => {
    expect(latestEndedPeriod("2027-03-01")).toEqual({ start: "2027-02-16", end: "2027-02-28" });
    expect(latestEndedPeriod("2028-03-01")).toEqual({ start: "2028-02-16", end: "2028-02-29" });
    expect(latestEndedPeriod("2027-03-16")).toEqual({ start: "2027-03-01", end: "2027-03-15" });
    // On the 15th itself that period is not over yet.
    expect(latestEndedPeriod("2027-03-15")).toEqual({ start: "2027-02-16", end: "2027-02-28" });
    expect(latestEndedPeriod("2027-01-01")).toEqual({ start: "2026-12-16", end: "2026-12-31" });
  });

  it("staff's period end: a date, a period end, already over", () => {
    expect(checkPeriodEnd("2027-01-31", "2027-02-01")).toEqual({ ok: true, period: { start: "2027-01-16", end: "2027-01-31" } });
    expect(checkPeriodEnd("31/01/2027", "2027-02-01")).toEqual({ ok: false, message: PERIOD_MESSAGES.notADate });
    expect(checkPeriodEnd(undefined, "2027-02-01")).toEqual({ ok: false, message: PERIOD_MESSAGES.notADate });
    expect(checkPeriodEnd("2027-01-20", "2027-02-01")).toEqual({ ok: false, message: PERIOD_MESSAGES.notAPeriodEnd });
    expect(checkPeriodEnd("2027-01-31", "2027-01-31")).toEqual({ ok: false, message: PERIOD_MESSAGES.notOver });
  });

  it("the period after a 15th runs to the month's end; after a month's end, the next month's 1st to 15th (issue 29)", () => {
    expect(nextPeriod({ start: "2027-02-01", end: "2027-02-15" })).toEqual({ start: "2027-02-16", end: "2027-02-28" });
    expect(nextPeriod({ start: "2026-12-16", end: "2026-12-31" })).toEqual({ start: "2027-01-01", end: "2027-01-15" });
  });

  it("every ended period from a given one, oldest first: a 50-day gap after 15 Nov has 30 Nov, 15 Dec and 31 Dec (issue 29)", () => {
    expect(endedPeriodsFrom("2026-11-30", "2027-01-04").map((p) => p.end)).toEqual(["2026-11-30", "2026-12-15", "2026-12-31"]);
    // On the 15th itself that period is not over yet; the 16th it is.
    expect(endedPeriodsFrom("2027-02-28", "2027-03-15").map((p) => p.end)).toEqual(["2027-02-28"]);
    expect(endedPeriodsFrom("2027-02-28", "2027-03-16").map((p) => p.end)).toEqual(["2027-02-28", "2027-03-15"]);
    expect(endedPeriodsFrom("2027-03-15", "2027-03-15")).toEqual([]);
    expect(endedPeriodsFrom("2027-03-14", "2027-06-01")).toEqual([]);
  });
});
