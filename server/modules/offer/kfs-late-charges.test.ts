// Issue 29 finding 2: the KFS and the agreement state every charge of paying late (decision 28), and
// what they state is what the product charges. A ₹20,000 loan for 34 days (₹6,800 interest), by hand:
// - after the repayment date: interest 1% = ₹200 a day on the unpaid principal, penal 0.5% = ₹100 a day
//   capped at 25% = ₹5,000; the two together never more than the ₹20,000 principal;
// - on time ₹26,800;
// - 10 days late: interest 6,800 + 10 × 200 = ₹8,800, penal 10 × 100 = ₹1,000, total ₹29,800;
// - 40 days late: interest 6,800 + 40 × 200 = ₹14,800, penal 40 × 100 = ₹4,000, total ₹38,800;
// - 92 days late: penal stops at ₹5,000 (day 50); interest after the date stops at 20,000 − 5,000 =
//   ₹15,000 (day 75); total 20,000 + 6,800 + 20,000 = ₹46,800, the most ever owed.
import { describe, expect, it } from "vitest";
import { addDays, type IsoDate } from "../../../core/calendar.ts";
import { buildKfs } from "../../../core/kfs.ts";
import { kfsLender } from "../../../core/lender.ts";
import { buildLoanAgreement } from "../../../core/loan-agreement.ts";
import { dues } from "../../../core/loan-math/index.ts";
import { pdfText } from "../../test-support/pdf-text.ts";
import { agreementPdf, kfsPdf } from "./loan-documents.ts";

const input = {
  proposalNumber: "SOT-20261201-ABCDEFGH",
  issuedOn: "2026-12-01",
  principal: 20_000,
  tenureDays: 34,
  repaymentDate: "2027-01-04",
  lender: kfsLender,
};

/** The PDF's text on one line: a wrapped sentence reads whole. */
const flat = async (bytes: Uint8Array) => (await pdfText(bytes)).text.replace(/\s+/g, " ");
/** "₹29,800" → 2,980,000 paise. */
const paise = (rupees: string) => Number(rupees.replace(/[₹,]/g, "")) * 100;

/** What the product charges: core dues() for the same loan, n days after its repayment date. */
function charged(daysLate: number) {
  const disbursalDate: IsoDate = "2026-12-01";
  const repaymentDate: IsoDate = "2027-01-04";
  const rates = { interestBpsPerDay: 100, penalBpsPerDay: 50, penalCapBps: 2_500, coolingOffDays: 3 };
  const d = dues({ principal: 2_000_000, disbursalDate, repaymentDate, rates }, addDays(repaymentDate, daysLate));
  return { total: d.totalDue, interest: d.interestToDate, penal: d.penalToDate, postDue: d.postDueInterestToDate };
}

describe("the KFS states every charge of paying late (decision 28)", () => {
  it("the English KFS PDF states each charge, and the product charges exactly that at 0, 10, 40 and 92 days late", async () => {
    const text = await flat(await kfsPdf(buildKfs(input)));

    // The rules, with this loan's figures.
    expect(text).toContain("Interest after the repayment date (only if you pay late)");
    expect(text).toMatch(/same rate, 1% a day, on the part of the loan amount not yet repaid, for each day after the repayment date until you pay: ₹200 a day/);
    expect(text).toMatch(
      /0\.5% of the overdue loan amount for each day after the repayment date, at most 25% of the loan amount in all: on this loan ₹100 a day, at most ₹5,000\./,
    );
    expect(text).toContain("Interest after the repayment date and penal charges together never exceed the loan amount (₹20,000)");
    expect(text).toContain("you never owe more than ₹46,800 in all");

    // The worked example, read back from the PDF.
    const onTime = text.match(/On the repayment date: (₹[\d,]+)\./)?.[1];
    expect(onTime).toBe("₹26,800");
    const late = (days: number) => {
      const m = text.match(new RegExp(`${days} days late: (₹[\\d,]+) \\(loan amount (₹[\\d,]+) \\+ interest (₹[\\d,]+) \\+ penal charges (₹[\\d,]+)\\)`));
      return m ? { total: m[1], principal: m[2], interest: m[3], penal: m[4] } : null;
    };
    expect(late(10)).toEqual({ total: "₹29,800", principal: "₹20,000", interest: "₹8,800", penal: "₹1,000" });
    expect(late(40)).toEqual({ total: "₹38,800", principal: "₹20,000", interest: "₹14,800", penal: "₹4,000" });

    // The product charges what the KFS states.
    expect(charged(0)).toEqual({ total: 2_680_000, interest: 680_000, penal: 0, postDue: 0 });
    expect(paise(onTime!)).toBe(2_680_000);
    expect(charged(1)).toEqual({ total: 2_710_000, interest: 700_000, penal: 10_000, postDue: 20_000 });
    expect(charged(10)).toEqual({ total: 2_980_000, interest: 880_000, penal: 100_000, postDue: 200_000 });
    expect([late(10)!.total, late(10)!.interest, late(10)!.penal].map(paise)).toEqual([2_980_000, 880_000, 100_000]);
    expect(charged(40)).toEqual({ total: 3_880_000, interest: 1_480_000, penal: 400_000, postDue: 800_000 });
    expect([late(40)!.total, late(40)!.interest, late(40)!.penal].map(paise)).toEqual([3_880_000, 1_480_000, 400_000]);
    // 92 days late: both caps reached, the KFS's "never more than ₹46,800".
    expect(charged(92)).toEqual({ total: 4_680_000, interest: 2_180_000, penal: 500_000, postDue: 1_500_000 });
    expect(charged(92).postDue + charged(92).penal).toBe(paise("₹20,000"));
    expect(paise(text.match(/never owe more than (₹[\d,]+)/)![1])).toBe(4_680_000);
  });

  it("the Hindi KFS PDF states the same charges in Hindi", async () => {
    const text = await flat(await kfsPdf(buildKfs(input, undefined, "hi")));
    expect(text).toContain("भुगतान की तारीख के बाद ब्याज (सिर्फ़ देर होने पर)");
    expect(text).toContain("इस लोन पर रोज़ ₹200");
    expect(text).toContain("इस लोन पर रोज़ ₹100 और कुल ₹5,000 तक");
    expect(text).toContain("कभी लोन राशि (₹20,000) से ज़्यादा नहीं होते");
    expect(text).toContain("कुल मिलाकर ₹46,800 से ज़्यादा कभी नहीं देना होगा");
    expect(text).toContain("भुगतान की तारीख पर: ₹26,800।");
    expect(text).toContain("10 दिन देर से: ₹29,800 (लोन राशि ₹20,000 + ब्याज ₹8,800 + देर से भुगतान का शुल्क ₹1,000)।");
    expect(text).toContain("40 दिन देर से: ₹38,800 (लोन राशि ₹20,000 + ब्याज ₹14,800 + देर से भुगतान का शुल्क ₹4,000)।");
  });

  it("the agreement's late-payment clause states the same charges", async () => {
    const kfs = buildKfs(input);
    const agreement = buildLoanAgreement({ kfs, lender: kfsLender, agreementDate: "2026-12-01", borrower: { fullName: "Asha Rao", mobile: "9876543210" } });
    const clause = agreement.clauses.find((c) => c.heading === "5. Late payment")!.text;
    expect(clause).toContain("Interest after the repayment date (only if you pay late): Interest goes on at the same rate, 1% a day");
    expect(clause).toContain("₹200 a day");
    expect(clause).toContain("on this loan ₹100 a day, at most ₹5,000");
    expect(clause).toContain("never exceed the loan amount (₹20,000)");
    expect(clause).toContain("10 days late: ₹29,800 (loan amount ₹20,000 + interest ₹8,800 + penal charges ₹1,000).");
    expect(clause).toContain("40 days late: ₹38,800 (loan amount ₹20,000 + interest ₹14,800 + penal charges ₹4,000).");
    // Repaying early costs the days kept, at least one (decision 28), as the checkout charges on payout day.
    expect(agreement.clauses.find((c) => c.heading === "4. Repayment")!.text).toContain(
      "and for at least one day even when it is repaid on the day it is paid out",
    );
    // The signed PDF carries the clause itself, not only the annexed KFS: the example appears twice.
    const text = await flat(await agreementPdf(agreement, kfs));
    expect(text.split("10 days late: ₹29,800").length - 1).toBe(2);
  });
});
