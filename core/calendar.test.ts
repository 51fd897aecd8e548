import { describe, expect, it } from "vitest";
import { addDays, ageOn, daysBetween, daysInMonth, isIsoDate, parseIsoDate, todayInIndia } from "./calendar.ts";

describe("calendar dates", () => {
  it("parses real dates and refuses impossible ones", () => {
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-1-01")).toBe(false);
    expect(isIsoDate("01-01-2025")).toBe(false);
    expect(isIsoDate("2025-01-00")).toBe(false);
  });

  it("knows month lengths including leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it("counts and adds days across months and years", () => {
    expect(daysBetween("2025-01-31", "2025-03-01")).toBe(29);
    expect(daysBetween("2024-12-25", "2025-01-05")).toBe(11);
    expect(daysBetween("2025-01-05", "2024-12-25")).toBe(-11);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
  });

  it("gives the Indian date, which is ahead of UTC from 18:30 UTC", () => {
    expect(todayInIndia(new Date("2025-03-10T18:29:59Z"))).toBe("2025-03-10");
    expect(todayInIndia(new Date("2025-03-10T18:30:00Z"))).toBe("2025-03-11");
  });

  it("counts completed years of age", () => {
    expect(ageOn("2007-06-15", "2025-06-14")).toBe(17);
    expect(ageOn("2007-06-15", "2025-06-15")).toBe(18);
    // Born 29 February: a year older on 1 March in common years.
    expect(ageOn("2004-02-29", "2022-02-28")).toBe(17);
    expect(ageOn("2004-02-29", "2022-03-01")).toBe(18);
    expect(() => ageOn("nope", "2022-03-01")).toThrow(RangeError);
  });
});
