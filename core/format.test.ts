import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatDateTimeInWords, formatINR, formatMoney, formatPhone } from "./format.ts";

describe("formatDate", () => {
  it("shows a calendar day as 14 Mar 1992", () => {
    expect(formatDate("1992-03-14")).toBe("14 Mar 1992");
    expect(formatDate("2026-12-04")).toBe("4 Dec 2026");
    expect(formatDate("2026-01-12", { long: true })).toBe("12 January 2026");
  });
  it("shows an instant on India's calendar, whatever the machine's zone", () => {
    // 20:00 UTC on 23 Nov is 01:30 on 24 Nov in India.
    expect(formatDate("2026-11-23T20:00:00.000Z")).toBe("24 Nov 2026");
    expect(formatDate(new Date("2026-11-23T18:29:59Z"))).toBe("23 Nov 2026");
    expect(formatDate(new Date("2026-11-23T18:30:00Z"))).toBe("24 Nov 2026");
  });
  it("keeps empty and unknown input visible", () => {
    expect(formatDate("")).toBe("");
    expect(formatDate(null, { fallback: "—" })).toBe("—");
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2026-13-01")).toBe("2026-13-01");
  });
});

describe("formatDateTime", () => {
  it("gives India's time with am/pm", () => {
    expect(formatDateTime("2026-11-23T09:35:00Z")).toBe("23 Nov 2026, 3:05 pm");
    expect(formatDateTime("2026-11-23T18:30:00Z")).toBe("24 Nov 2026, 12:00 am");
    expect(formatDateTime("2026-11-23T06:30:00Z")).toBe("23 Nov 2026, 12:00 pm");
    expect(formatDateTime(undefined, "—")).toBe("—");
  });
});

describe("formatDateTimeInWords", () => {
  it("says the part of the day before the time in Hindi, India's time, and keeps am/pm in English", () => {
    // 09:35Z is 3:05 pm in India; 23:55Z is 5:25 am the next day; 13:00Z is 6:30 pm; 16:30Z is 10:00 pm; 06:30Z is noon.
    expect(formatDateTimeInWords("2026-11-23T09:35:00Z", "hi")).toBe("23 नवंबर 2026, दोपहर 3:05");
    expect(formatDateTimeInWords("2026-11-23T23:55:00Z", "hi")).toBe("24 नवंबर 2026, सुबह 5:25");
    expect(formatDateTimeInWords("2026-11-23T13:00:00Z", "hi")).toBe("23 नवंबर 2026, शाम 6:30");
    expect(formatDateTimeInWords("2026-11-23T16:30:00Z", "hi")).toBe("23 नवंबर 2026, रात 10:00");
    expect(formatDateTimeInWords("2026-11-23T06:30:00Z", "hi")).toBe("23 नवंबर 2026, दोपहर 12:00");
    expect(formatDateTimeInWords("2026-11-23T09:35:00Z", "en")).toBe("23 November 2026, 3:05 pm");
    expect(formatDateTimeInWords(undefined, "hi", "—")).toBe("—");
  });
});

describe("formatMoney", () => {
  it("uses lakh grouping with the rupee sign", () => {
    expect(formatMoney(150000)).toBe("₹1,50,000");
    expect(formatMoney(10000000)).toBe("₹1,00,00,000");
    expect(formatMoney(999)).toBe("₹999");
    expect(formatMoney(1234.5)).toBe("₹1,234.50");
    expect(formatMoney("48820")).toBe("₹48,820");
    expect(formatMoney("1,00,000")).toBe("₹1,00,000");
    expect(formatMoney(-2500)).toBe("-₹2,500");
  });
  it("is the same as formatINR and shows a dash for nothing", () => {
    expect(formatMoney(59978)).toBe(formatINR(59978));
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney("abc")).toBe("—");
    expect(formatMoney(undefined, { fallback: "Not chosen yet" })).toBe("Not chosen yet");
  });
  it("counts with the same grouping", () => {
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(100000)).toBe("1,00,000");
  });
});

describe("formatPhone", () => {
  it("writes an Indian mobile as +91 98765 43210", () => {
    expect(formatPhone("9876543210")).toBe("+91 98765 43210");
    expect(formatPhone("+91 98765-43210")).toBe("+91 98765 43210");
    expect(formatPhone("919876543210")).toBe("+91 98765 43210");
    expect(formatPhone("09876543210")).toBe("+91 98765 43210");
  });
  it("leaves anything else as it is", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("1800 123 4567")).toBe("1800 123 4567");
    expect(formatPhone("12345")).toBe("12345");
  });
});
