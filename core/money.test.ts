import { describe, expect, it } from "vitest";
import {
  divRoundHalfUp,
  formatINR,
  formatIndianNumber,
  formatPaise,
  groupIndian,
  paise,
  paiseToRupees,
  paiseToWholeRupees,
  parseRupees,
  percentOfPaise,
  roundPaiseToRupee,
  rupeeText,
  rupeesToPaise,
  wholeRupeesToPaise,
} from "./money.ts";

describe("paise arithmetic", () => {
  it("divides rounding half up", () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(149, 100)).toBe(1);
    expect(divRoundHalfUp(150, 100)).toBe(2);
    expect(divRoundHalfUp(0, 7)).toBe(0);
    expect(() => divRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divRoundHalfUp(1.5, 2)).toThrow(RangeError);
  });

  it("takes percentages of paise without float drift", () => {
    expect(percentOfPaise(100_000, 18)).toBe(18_000);
    expect(percentOfPaise((101_000 * 100) / 100, 18)).toBe(18_180);
    expect(percentOfPaise(333, 10)).toBe(33); // 33.3 → 33
    expect(percentOfPaise(335, 10)).toBe(34); // 33.5 → 34
    expect(percentOfPaise(10_000, 2.5)).toBe(250);
  });

  it("rounds paise to the rupee half up", () => {
    expect(roundPaiseToRupee(890_820)).toBe(890_800);
    expect(roundPaiseToRupee(890_850)).toBe(890_900);
  });

  it("converts rupees to paise exactly, including the 1.005 trap", () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise("1.005")).toBe(101);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise("12,000".replace(",", ""))).toBe(1_200_000);
    expect(rupeesToPaise(-2.5)).toBe(-250);
    expect(rupeesToPaise("7")).toBe(700);
    expect(() => rupeesToPaise("abc")).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(paiseToRupees(18_180)).toBe(181.8);
  });
});

describe("Indian rupee formatting", () => {
  it("groups digits in lakhs and crores", () => {
    expect(groupIndian("999")).toBe("999");
    expect(groupIndian("1000")).toBe("1,000");
    expect(groupIndian("100000")).toBe("1,00,000");
    expect(groupIndian("123456789")).toBe("12,34,56,789");
  });

  it("formats rupees with the sign, paise only when present by default", () => {
    expect(formatINR(100_000)).toBe("₹1,00,000");
    expect(formatINR(48_820)).toBe("₹48,820");
    expect(formatINR(1234.5)).toBe("₹1,234.50");
    expect(formatINR(0)).toBe("₹0");
    expect(formatINR(-500)).toBe("-₹500");
    expect(formatINR(10_000_000)).toBe("₹1,00,00,000");
  });

  it("honours the decimals and symbol options", () => {
    expect(formatINR(1234, { decimals: 2 })).toBe("₹1,234.00");
    expect(formatINR(1234.5, { decimals: 0 })).toBe("₹1,235");
    expect(formatINR(1234.49, { decimals: 0 })).toBe("₹1,234");
    expect(formatINR(59_978, { symbol: false })).toBe("59,978");
    expect(formatIndianNumber(1000)).toBe("1,000");
  });
});

describe("the money module's edges (issue 31)", () => {
  it("makes paise only from whole numbers", () => {
    expect(paise(1_234)).toBe(1_234);
    expect(() => paise(12.5)).toThrow(RangeError);
    expect(wholeRupeesToPaise(10_000)).toBe(1_000_000);
    expect(() => wholeRupeesToPaise(10.5)).toThrow(RangeError);
  });

  it("parses rupee text from forms and provider payloads, or says null", () => {
    expect(parseRupees("1000")).toBe(100_000);
    expect(parseRupees("1000.5")).toBe(100_050);
    expect(parseRupees("1000.50")).toBe(100_050);
    expect(parseRupees(" 7 ")).toBe(700);
    expect(parseRupees("1,000")).toBeNull();
    expect(parseRupees("₹1,20,000.50", { grouping: true })).toBe(12_000_050);
    expect(parseRupees("1,200,000", { grouping: true })).toBe(120_000_000);
    expect(parseRupees("-12.5")).toBeNull();
    expect(parseRupees("-12.5", { negative: true })).toBe(-1_250);
    expect(parseRupees("1.005")).toBeNull();
    expect(parseRupees("")).toBeNull();
    expect(parseRupees(undefined)).toBeNull();
  });

  it("writes rupees as gateways and spreadsheets take them, and whole rupees for the bureau", () => {
    expect(rupeeText(100_050)).toBe("1000.50");
    expect(rupeeText(5)).toBe("0.05");
    expect(rupeeText(-1_250)).toBe("-12.50");
    expect(paiseToWholeRupees(149)).toBe(1);
    expect(paiseToWholeRupees(150)).toBe(2);
  });

  it("formats paise with the one INR formatter, as formatINR formats the same rupees", () => {
    expect(formatPaise(10_000_000)).toBe("₹1,00,000");
    expect(formatPaise(123_450)).toBe("₹1,234.50");
    expect(formatPaise(123_400, { decimals: 2 })).toBe("₹1,234.00");
    expect(formatPaise(123_450, { decimals: 0 })).toBe("₹1,235");
    expect(formatPaise(-50_000)).toBe("-₹500");
    expect(formatPaise(5_997_800, { symbol: false })).toBe("59,978");
    expect(() => formatPaise(1.5)).toThrow(RangeError);
  });
});
