// The provision at every classified day-end (issue 29), on crafted rows. A ₹20,000 loan (2,000,000
// paise of principal): standard 0.25% is 5,000 paise; sub-standard 10% is 200,000 paise.
import { describe, expect, it } from "vitest";
import type { IsoDate } from "../../../core/calendar.ts";
import { provisionDayProblems, type ClassPeriod, type PostedLine } from "./provision-days.ts";

const key = (on: IsoDate) => `provision:L:${on}`;
const disbursal: PostedLine = { seq: 1, key: "disbursal:L", effectiveOn: "2026-11-12", account: "principal_receivable", net: 2_000_000 };
/** A provision entry: a credit to loan_loss_provision of `paise` (a release is negative). */
const provision = (seq: number, on: IsoDate, paise: number, dated: IsoDate = on): PostedLine => ({
  seq,
  key: key(on),
  effectiveOn: dated,
  account: "loan_loss_provision",
  net: -paise,
});
const standard: ClassPeriod = { assetClass: "STANDARD", fromDate: "2026-11-12", toDate: null, asOf: "2026-11-16" };
const check = (lines: PostedLine[], periods: ClassPeriod[] = [standard], through: IsoDate = "2026-11-16") =>
  provisionDayProblems({ periods, lines, through, provisionKey: key });

describe("the provision at each classified day-end", () => {
  it("passes a loan provided on its first day-end and unchanged after", () => {
    expect(check([disbursal, provision(2, "2026-11-12", 5_000)])).toEqual([]);
  });

  it("finds a provision posted wrong on a middle day-end, though the last day is right", () => {
    // 14 Nov's day-end took it to 6,000; 15 Nov's brought it back to 5,000.
    const lines = [disbursal, provision(2, "2026-11-12", 5_000), provision(3, "2026-11-14", 1_000), provision(4, "2026-11-15", -1_000)];
    expect(check(lines)).toEqual(["loan_loss_provision is 6000 paise at the day-end of 2026-11-14; a STANDARD loan needed 5000."]);
  });

  it("finds a loan never provided for, on every day", () => {
    expect(check([disbursal], [standard], "2026-11-13")).toEqual([
      "loan_loss_provision is 0 paise at the day-end of 2026-11-12; a STANDARD loan needed 5000.",
      "loan_loss_provision is 0 paise at the day-end of 2026-11-13; a STANDARD loan needed 5000.",
    ]);
  });

  it("reads the net book value as the day-end's run saw it: a payment dated back after the run is no false alarm", () => {
    // ₹18,000 received on 13 Nov but approved after the day-ends of 13 to 15 Nov ran (seq 3); 16 Nov's
    // day-end provides 0.25% of 200,000 = 500 paise, releasing 4,500.
    const payment: PostedLine = { seq: 3, key: "payment:P", effectiveOn: "2026-11-13", account: "principal_receivable", net: -1_800_000 };
    const lines = [disbursal, provision(2, "2026-11-12", 5_000), payment, provision(4, "2026-11-16", -4_500)];
    expect(check(lines)).toEqual([]);
  });

  it("counts a day-end's provision moved to the first open day (its month closed) as held on its day", () => {
    // 31 Oct's day-end ran after October closed: its entry is dated 1 Nov.
    const october: ClassPeriod = { assetClass: "STANDARD", fromDate: "2026-10-30", toDate: null, asOf: "2026-11-01" };
    const lines = [{ ...disbursal, effectiveOn: "2026-10-30" as IsoDate }, provision(2, "2026-10-30", 5_000), provision(3, "2026-10-31", 1_000, "2026-11-01")];
    // 30 Oct is right at 5,000; 31 Oct's own entry makes 6,000 against 5,000 needed, so it is found even though moved.
    expect(check(lines, [october], "2026-11-01")).toEqual([
      "loan_loss_provision is 6000 paise at the day-end of 2026-10-31; a STANDARD loan needed 5000.",
      "loan_loss_provision is 6000 paise at the day-end of 2026-11-01; a STANDARD loan needed 5000.",
    ]);
    const right = [{ ...disbursal, effectiveOn: "2026-10-30" as IsoDate }, provision(2, "2026-10-31", 5_000, "2026-11-01")];
    expect(check(right, [{ ...october, fromDate: "2026-10-31" }], "2026-11-01")).toEqual([]);
  });

  it("needs the class's rate from the day the class changed", () => {
    // Standard 12-13 Nov, NPA (sub-standard) from 14 Nov; the day-end of 14 Nov left 5,000 instead of 200,000.
    const periods: ClassPeriod[] = [
      { assetClass: "STANDARD", fromDate: "2026-11-12", toDate: "2026-11-13", asOf: "2026-11-13" },
      { assetClass: "NPA", fromDate: "2026-11-14", toDate: null, asOf: "2026-11-15" },
    ];
    const wrong = [disbursal, provision(2, "2026-11-12", 5_000), provision(3, "2026-11-15", 195_000)];
    expect(check(wrong, periods, "2026-11-15")).toEqual(["loan_loss_provision is 5000 paise at the day-end of 2026-11-14; a NPA loan needed 200000."]);
    const right = [disbursal, provision(2, "2026-11-12", 5_000), provision(3, "2026-11-14", 195_000)];
    expect(check(right, periods, "2026-11-15")).toEqual([]);
  });
});
