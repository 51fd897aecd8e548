import { describe, expect, it } from "vitest";
import { amountOverdue, classAfter, daysPastDue } from "./days-past-due.ts";
import { dues, type LoanFacts } from "./dues.ts";

// ₹20,000 from 12 Nov 2026, due 7 Dec 2026; 1% interest (20,000 paise) and 0.5% penal (10,000) a day.
const loan: LoanFacts = {
  principal: 2_000_000,
  disbursalDate: "2026-11-12",
  repaymentDate: "2026-12-07",
  rates: { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 },
};

describe("days past due of a bullet loan", () => {
  it("is 0 up to the repayment date, then the days since it while the due is unpaid, a part payment included", () => {
    expect(daysPastDue(dues(loan, "2026-12-07"))).toBe(0);
    expect(amountOverdue(dues(loan, "2026-12-07"))).toBe(0);
    expect(daysPastDue(dues(loan, "2026-12-08"))).toBe(1);
    // 25,00,000 due + 20,000 interest + 10,000 penal.
    expect(amountOverdue(dues(loan, "2026-12-08"))).toBe(2_530_000);
    const partPaid = { ...loan, payments: [{ on: "2026-12-08", amount: 1_000_000 }] };
    expect(daysPastDue(dues(partPaid, "2026-12-20"))).toBe(13);
  });

  it("stays past due while only penal charges are unpaid (IRACP: any charge not paid on its due date is overdue)", () => {
    // 2 days past due: interest 27 × 20,000 = 5,40,000, penal 20,000; paying 25,40,000 leaves the penal.
    const d = dues({ ...loan, payments: [{ on: "2026-12-09", amount: 2_540_000 }] }, "2026-12-12");
    expect([d.principalOutstanding, d.interestOutstanding, d.penalOutstanding]).toEqual([0, 0, 20_000]);
    // 7 Dec + 5 days: the penal charge of ₹200 keeps the days running.
    expect(daysPastDue(d)).toBe(5);
    expect(amountOverdue(d)).toBe(20_000);
    // An NPA with only penal charges unpaid stays NPA; paying them (₹200) makes it standard.
    expect(classAfter("NPA", daysPastDue(d))).toBe("NPA");
    const allPaid = dues(
      {
        ...loan,
        payments: [
          { on: "2026-12-09", amount: 2_540_000 },
          { on: "2026-12-12", amount: 20_000 },
        ],
      },
      "2026-12-12",
    );
    expect(daysPastDue(allPaid)).toBe(0);
    expect(classAfter("NPA", daysPastDue(allPaid))).toBe("STANDARD");
  });
});

describe("the class after a day (the upgrade rule)", () => {
  it("keeps an NPA while any arrears remain and makes it standard only when all are paid", () => {
    expect(classAfter("NPA", 120)).toBe("NPA");
    expect(classAfter("NPA", 45)).toBe("NPA");
    expect(classAfter("NPA", 1)).toBe("NPA");
    expect(classAfter("NPA", 0)).toBe("STANDARD");
  });
  it("follows the days otherwise", () => {
    expect(classAfter(null, 0)).toBe("STANDARD");
    expect(classAfter(null, 91)).toBe("NPA");
    expect(classAfter("SMA-2", 45)).toBe("SMA-1");
    expect(classAfter("STANDARD", 31)).toBe("SMA-1");
  });
});
