import { describe, expect, it } from "vitest";
import { isOnSlider, offer, quoteSingle, singlePaymentApr } from "./single-loan.ts";

describe("quoteSingle (decisions 1 and 4)", () => {
  it("reproduces decision 4: ₹10,000 for 30 days", () => {
    const q = quoteSingle({ principal: 10_000, tenureDays: 30 });
    expect(q).toEqual({
      principalPaise: 1_000_000,
      tenureDays: 30,
      feePaise: 100_000,
      gstPaise: 18_000,
      netDisbursalPaise: 882_000,
      interestPaise: 300_000,
      totalRepayablePaise: 1_300_000,
      apr: 576.61,
    });
    // Method: APR = (total / net − 1) × 365 / tenure_days = (13000/8820 − 1) × 365/30 ≈ 576.6%.
    expect(q.apr).toBeCloseTo((((13_000 / 8820 - 1) * 365) / 30) * 100, 1);
    expect(q.apr.toFixed(1)).toBe("576.6");
  });

  it("charges flat 1% a day: total = principal + principal × days / 100", () => {
    const q = quoteSingle({ principal: 100_000, tenureDays: 40 });
    expect(q.interestPaise).toBe(4_000_000);
    expect(q.totalRepayablePaise).toBe(14_000_000);
    expect(quoteSingle({ principal: 12_345, tenureDays: 7 }).interestPaise).toBe(86_415);
  });

  it("keeps GST in paise and rounds only the net disbursal to the rupee", () => {
    // 10,100: fee 1,010, GST 181.80, net 8,908.20 → 8,908.
    const q = quoteSingle({ principal: 10_100, tenureDays: 30 });
    expect(q.feePaise).toBe(101_000);
    expect(q.gstPaise).toBe(18_180);
    expect(q.netDisbursalPaise).toBe(890_800);
    // 10,300: GST 185.40, net 9,084.60 → 9,085.
    expect(quoteSingle({ principal: 10_300, tenureDays: 30 }).netDisbursalPaise).toBe(908_500);
    // 10,250: fee 1,025, GST 184.50, net 9,040.50 → 9,041 (half up).
    expect(quoteSingle({ principal: 10_250, tenureDays: 30 })).toMatchObject({ feePaise: 102_500, gstPaise: 18_450, netDisbursalPaise: 904_100 });
  });

  it("gives a higher APR for a shorter tenure at the same daily rate", () => {
    const short = quoteSingle({ principal: 20_000, tenureDays: 7 });
    const long = quoteSingle({ principal: 20_000, tenureDays: 40 });
    expect(short.apr).toBeGreaterThan(long.apr);
  });

  it("refuses impossible inputs", () => {
    expect(() => quoteSingle({ principal: 0, tenureDays: 30 })).toThrow(RangeError);
    expect(() => quoteSingle({ principal: 10_000.5, tenureDays: 30 })).toThrow(RangeError);
    expect(() => quoteSingle({ principal: 10_000, tenureDays: 0 })).toThrow(RangeError);
    expect(() => singlePaymentApr({ netDisbursal: 0, totalRepayable: 1, tenureDays: 1 })).toThrow(RangeError);
  });
});

describe("offer (decision 7)", () => {
  it("offers 40% of income rounded down to ₹500", () => {
    expect(offer({ monthlyIncome: 30_000 })).toEqual({ eligible: true, min: 10_000, max: 12_000 });
    expect(offer({ monthlyIncome: 31_200 })).toEqual({ eligible: true, min: 10_000, max: 12_000 }); // 12,480 → 12,000
    expect(offer({ monthlyIncome: 33_749 }).max).toBe(13_000); // 13,499.6 → 13,499 → 13,000
    expect(offer({ monthlyIncome: 33_750 }).max).toBe(13_500);
  });

  it("caps the maximum at ₹1,00,000", () => {
    expect(offer({ monthlyIncome: 250_000 }).max).toBe(100_000);
    expect(offer({ monthlyIncome: 1_000_000 }).max).toBe(100_000);
  });

  it("is not eligible when the maximum falls below ₹10,000", () => {
    expect(offer({ monthlyIncome: 25_000 })).toEqual({ eligible: true, min: 10_000, max: 10_000 });
    expect(offer({ monthlyIncome: 24_999 })).toEqual({ eligible: false, min: 10_000, max: 9500 });
    expect(offer({ monthlyIncome: 0 }).eligible).toBe(false);
    expect(() => offer({ monthlyIncome: -1 })).toThrow(RangeError);
  });
});

describe("isOnSlider", () => {
  it("accepts amounts in range on the step only", () => {
    const slider = { min: 10_000, max: 12_000, step: 500 };
    expect(isOnSlider(10_000, slider)).toBe(true);
    expect(isOnSlider(11_500, slider)).toBe(true);
    expect(isOnSlider(11_600, slider)).toBe(false);
    expect(isOnSlider(12_500, slider)).toBe(false);
    expect(isOnSlider(9_500, slider)).toBe(false);
    expect(isOnSlider(11_600, { ...slider, step: 100 })).toBe(true);
  });
});
