// Decision 35 with figures by hand. ₹20,000 for a fixed repayment date: fee 10% = ₹2,000, GST 18% of
// the fee = ₹360, net paid ₹17,640, interest 1% a day.
import { describe, expect, it } from "vitest";
import { coolingOffUntil, kfsAtDisbursal } from "./kfs-at-disbursal.ts";

// Quoted Sunday 22 Nov for 1 Dec: 9 days, interest ₹1,800, total ₹21,800,
// APR (21,800 / 17,640 − 1) × 365 / 9 = 956.41%.
// The loan's terms row: paise and basis points.
// The product allowed 7 days at the shortest when the KFS was issued.
const rates = { interestBpsPerDay: 100, coolingOffDays: 3, minTenureDays: 7 };
const nineDays = { ...rates, principal: 2_000_000, repaymentDate: "2026-12-01", netDisbursalPaise: 1_764_000, interestPaise: 180_000, aprBps: 95_641 };
// Quoted for 2 Dec: 10 days, interest ₹2,000, total ₹22,000, APR (22,000 / 17,640 − 1) × 365 / 10 = 902.15%.
const tenDays = { ...rates, principal: 2_000_000, repaymentDate: "2026-12-02", netDisbursalPaise: 1_764_000, interestPaise: 200_000, aprBps: 90_215 };

describe("the KFS is the loan at payout (decision 35)", () => {
  it("paid out on the KFS's day: the KFS's tenure, interest and APR; cooling-off 3 days from payout", () => {
    expect(kfsAtDisbursal(nineDays, "2026-11-22")).toEqual({
      ok: true,
      tenureDays: 9,
      interestPaise: 180_000,
      totalRepayablePaise: 2_180_000,
      apr: 956.41,
      coolingOffUntil: "2026-11-25",
    });
  });

  it("refuses when the repayment date is now under 7 days away (the issue's Sunday quote paid on Wednesday: 6 days)", () => {
    expect(kfsAtDisbursal(nineDays, "2026-11-25")).toEqual({ ok: false, problem: "tenure", tenureDays: 6, minimumDays: 7 });
    // 7 days is the minimum, allowed by tenure (the APR check still applies).
    expect(kfsAtDisbursal(nineDays, "2026-11-24")).toMatchObject({ problem: "apr", tenureDays: 7 });
  });

  it("refuses when the APR at the payout date is above the KFS's: a 10-day quote paid a day late is 956.41% > 902.15%", () => {
    // 9 days: interest ₹1,800 (under the KFS's ₹2,000), total ₹21,800, APR 956.41%.
    expect(kfsAtDisbursal(tenDays, "2026-11-23")).toEqual({ ok: false, problem: "apr", tenureDays: 9, apr: 956.41, kfsApr: 902.15 });
  });

  it("never charges more interest than the KFS figure", () => {
    // A KFS whose interest was written lower than 1% a day: the KFS's ₹1,500 stands.
    const result = kfsAtDisbursal({ ...nineDays, interestPaise: 150_000, aprBps: 200_000 }, "2026-11-22");
    expect(result).toMatchObject({ ok: true, interestPaise: 150_000, totalRepayablePaise: 2_150_000 });
  });

  it("counts the cooling-off end from the payout date", () => {
    expect(coolingOffUntil("2026-11-30", 3)).toBe("2026-12-03");
    expect(coolingOffUntil("2026-11-30", 5)).toBe("2026-12-05");
  });
});
