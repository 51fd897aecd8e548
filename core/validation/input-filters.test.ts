import { describe, expect, it } from "vitest";
import {
  digitsOnly,
  filterAadhaarInput,
  filterAccountNumberInput,
  filterIfscInput,
  filterIncomeInput,
  filterMobileInput,
  filterOtpInput,
  filterPanInput,
  filterPayAmountInput,
  filterPayNowPanInput,
  filterPinCodeInput,
  filterSpouseNumberInput,
  panBoxKind,
  sanitizePanChar,
} from "./input-filters.ts";

describe("PAN boxes", () => {
  it("takes letters in boxes 1-5 and 10, digits in 6-9", () => {
    expect(Array.from({ length: 10 }, (_, i) => panBoxKind(i))).toEqual([
      "letter",
      "letter",
      "letter",
      "letter",
      "letter",
      "digit",
      "digit",
      "digit",
      "digit",
      "letter",
    ]);
    expect(() => panBoxKind(10)).toThrow(RangeError);
    expect(() => panBoxKind(-1)).toThrow(RangeError);
  });

  it("upper-cases a fitting character and refuses the rest", () => {
    expect(sanitizePanChar(0, "a")).toBe("A");
    expect(sanitizePanChar(0, "1")).toBe("");
    expect(sanitizePanChar(5, "7")).toBe("7");
    expect(sanitizePanChar(5, "x")).toBe("");
    expect(sanitizePanChar(9, "z")).toBe("Z");
    expect(sanitizePanChar(9, "9")).toBe("");
    expect(sanitizePanChar(2, "")).toBe("");
    expect(sanitizePanChar(2, "é")).toBe("");
    // A box holding 'A' that receives 'Ab' keeps the newest character.
    expect(sanitizePanChar(1, "Ab")).toBe("B");
  });

  it("spreads a pasted PAN over the boxes", () => {
    expect(filterPanInput("abcde 1234 f")).toBe("ABCDE1234F");
    expect(filterPanInput("ABCDE-1234-FXYZ")).toBe("ABCDE1234F");
    expect(filterPanInput("12ab")).toBe("AB");
  });
});

describe("digit filters", () => {
  it("keeps digits up to the limit", () => {
    expect(digitsOnly("a1b2c3", 2)).toBe("12");
    expect(filterMobileInput("+91 98765-43210")).toBe("9198765432");
    expect(filterOtpInput("12a345")).toBe("1234");
    expect(filterAadhaarInput("1234 5678 9012")).toBe("1234");
    expect(filterPinCodeInput("110 0011")).toBe("110001");
    expect(filterAccountNumberInput("1234-5678-9012-3456-7890")).toBe("123456789012345678");
  });

  it("keeps at most 7 income digits, without leading zeros", () => {
    expect(filterIncomeInput("45,000")).toBe("45000");
    expect(filterIncomeInput("123456789")).toBe("1234567");
    expect(filterIncomeInput("0045000")).toBe("45000");
    expect(filterIncomeInput("abc")).toBe("");
  });

  it("refuses a first spouse-number digit of 0 to 5", () => {
    expect(filterSpouseNumberInput("5")).toBe("");
    expect(filterSpouseNumberInput("0")).toBe("");
    expect(filterSpouseNumberInput("6")).toBe("6");
    expect(filterSpouseNumberInput("0598765432100")).toBe("9876543210");
    expect(filterSpouseNumberInput("9876543210999")).toBe("9876543210");
    // Later digits may be 0-5.
    expect(filterSpouseNumberInput("9000000000")).toBe("9000000000");
  });
});

describe("text filters", () => {
  it("upper-cases Pay Now PAN and IFSC and drops symbols", () => {
    expect(filterPayNowPanInput("abcde-1234-f-extra")).toBe("ABCDE1234F");
    expect(filterIfscInput("sbin 0001 234 5")).toBe("SBIN0001234");
  });

  it("shapes a Pay Now amount: one dot, two decimals, no leading zero", () => {
    expect(filterPayAmountInput("1,234.567")).toBe("1234.56");
    expect(filterPayAmountInput("007")).toBe("7");
    expect(filterPayAmountInput("12.3.4")).toBe("12.34");
    expect(filterPayAmountInput("₹ 500")).toBe("500");
  });
});
