import { describe, expect, it } from "vitest";
import { addMonths, provisionClassOf, provisionRequired } from "./accounting-policy.ts";

describe("provisioning rates (Base Layer NBFC, decision 44)", () => {
  it("is 0.25% for standard and SMA, 10% sub-standard, 100% doubtful and loss, of the net book value", () => {
    // ₹26,800 = 26,80,000 paise: 0.25% is ₹67.00.
    expect(provisionRequired(2_680_000, "standard")).toBe(6_700);
    // ₹25,001.50: 0.25% is 6,250.375 paise, rounded half up to 6,250.
    expect(provisionRequired(2_500_150, "standard")).toBe(6_250);
    expect(provisionRequired(2_000_000, "sub_standard")).toBe(200_000);
    expect(provisionRequired(2_000_000, "doubtful")).toBe(2_000_000);
    expect(provisionRequired(2_000_000, "loss")).toBe(2_000_000);
    expect(provisionRequired(0, "doubtful")).toBe(0);
    expect(provisionRequired(-500, "standard")).toBe(0);
  });

  it("makes an NPA sub-standard for 12 months from its NPA day, doubtful after; every other class standard", () => {
    expect(provisionClassOf("STANDARD", null, "2027-03-08")).toBe("standard");
    expect(provisionClassOf("SMA-2", null, "2027-03-08")).toBe("standard");
    expect(provisionClassOf("NPA", "2027-03-08", "2027-03-08")).toBe("sub_standard");
    expect(provisionClassOf("NPA", "2027-03-08", "2028-03-07")).toBe("sub_standard");
    expect(provisionClassOf("NPA", "2027-03-08", "2028-03-08")).toBe("doubtful");
    expect(() => provisionClassOf("NPA", null, "2027-03-08")).toThrow(RangeError);
  });

  it("adds calendar months, keeping to the month's last day", () => {
    expect(addMonths("2027-03-08", 12)).toBe("2028-03-08");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonths("2026-12-31", 1)).toBe("2027-01-31");
  });
});
