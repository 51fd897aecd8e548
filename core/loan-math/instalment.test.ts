import { describe, expect, it } from "vitest";
import { exactEmi, instalmentIllustration, monthlyIrr, productIllustration } from "./instalment.ts";

describe("instalment illustration (decision 3)", () => {
  it("reproduces the marketing row: 50,000 for 12 months at 35%, fee 2% + 18% GST", () => {
    const r = instalmentIllustration({ principal: 50_000, months: 12, annualRate: 0.35, feeRate: 0.02, gstRate: 0.18 });
    expect(r.fee).toBe(1000);
    expect(r.gst).toBe(180);
    expect(r.disbursed).toBe(48_820);
    expect(r.emi).toBe(4998);
    expect(r.total).toBe(59_978);
    expect(r.interest).toBe(9978);
  });

  it("computes APR as monthly IRR × 12 on the disbursed amount", () => {
    const r = productIllustration();
    // The IRR makes 12 payments of the exact EMI worth the 48,820 received.
    const emi = exactEmi(50_000, 0.35 / 12, 12);
    const i = monthlyIrr({ received: 48_820, payment: emi, months: 12 });
    let pv = 0;
    for (let k = 1; k <= 12; k++) pv += emi / (1 + i) ** k;
    expect(pv).toBeCloseTo(48_820, 6);
    expect(r.apr).toBe(Math.round(i * 12 * 100 * 100) / 100);
    expect(r.apr).toBe(39.82);
    // Fees push the APR above the 35% nominal rate.
    expect(r.apr).toBeGreaterThan(35);
  });

  it("reads the same figures from the product configuration", () => {
    expect(productIllustration()).toEqual(instalmentIllustration({ principal: 50_000, months: 12, annualRate: 0.35, feeRate: 0.02, gstRate: 0.18 }));
  });

  it("handles a zero rate and a zero fee", () => {
    const r = instalmentIllustration({ principal: 12_000, months: 12, annualRate: 0, feeRate: 0, gstRate: 0.18 });
    expect(r).toMatchObject({ fee: 0, gst: 0, disbursed: 12_000, emi: 1000, total: 12_000, interest: 0, apr: 0 });
  });

  it("refuses impossible inputs", () => {
    expect(() => instalmentIllustration({ principal: 0, months: 12, annualRate: 0.35, feeRate: 0.02, gstRate: 0.18 })).toThrow(RangeError);
    expect(() => instalmentIllustration({ principal: 1000, months: 0, annualRate: 0.35, feeRate: 0.02, gstRate: 0.18 })).toThrow(RangeError);
    expect(() => instalmentIllustration({ principal: 1000, months: 2, annualRate: -0.1, feeRate: 0.02, gstRate: 0.18 })).toThrow(RangeError);
  });
});

describe("monthlyIrr", () => {
  it("finds the rate of a known annuity", () => {
    // 10,000 repaid by 12 × 888.49 is 1% a month.
    expect(monthlyIrr({ received: 10_000, payment: 888.4878867834, months: 12 })).toBeCloseTo(0.01, 9);
  });

  it("finds high rates beyond the first bracket", () => {
    expect(monthlyIrr({ received: 100, payment: 300, months: 1 })).toBeCloseTo(2, 9);
  });

  it("refuses payments that do not repay the amount", () => {
    expect(() => monthlyIrr({ received: 1000, payment: 10, months: 12 })).toThrow(RangeError);
  });
});
