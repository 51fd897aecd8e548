import { describe, expect, it } from "vitest";
import { parseTudf, readSubject } from "./tudf-reader.ts";
import { toTudfRecord, tudfFile, tudfHeader, tudfStateCode, tudfSubject, wholeRupees, type BureauRecordInput } from "./tudf.ts";

const member = { memberId: "SANDBOX0001", memberShortName: "SALARYONTIME" };

const input = (over: Partial<BureauRecordInput> = {}): BureauRecordInput => ({
  leadId: "00000000-0000-4000-8000-000000000001",
  loanNo: "SOT0001",
  name: "Asha Verma",
  dob: "1990-06-15",
  gender: 2,
  pan: "ABCPV1234K",
  mobile: "9876543210",
  email: "asha@example.com",
  address: { line1: "14 Demo Residency, 5th Cross", line2: "Koramangala", city: "Bangalore", state: "Karnataka", pincode: "560034", residenceTypeId: 2 },
  dateOpened: "2027-01-05",
  dateLastPayment: null,
  dateClosed: null,
  dateReported: "2027-01-15",
  sanctionedPaise: 2_000_000,
  currentBalancePaise: 2_200_000,
  overduePaise: 0,
  daysPastDue: 0,
  assetClass: "STANDARD",
  ...over,
});

function built(over: Partial<BureauRecordInput> = {}) {
  const r = toTudfRecord(input(over));
  if (!r.ok) throw new Error(r.problems.join(" "));
  return r.record;
}

describe("TUDF writer", () => {
  it("writes the header in 146 fixed characters", () => {
    const header = tudfHeader({ ...member, cycle: "01", dateReported: "2027-01-15" });
    expect(header).toBe(`TUDF12${"SANDBOX0001".padEnd(30)}${"SALARYONTIME".padEnd(16)}0115012027${" ".repeat(30)}L00000${" ".repeat(48)}`);
    expect(header).toHaveLength(146);
  });

  it("writes a borrower's segments tag-length-value, dates DDMMYYYY, amounts in whole rupees", () => {
    expect(tudfSubject(built(), member)).toBe(
      "PN03N01" +
        "0110ASHA VERMA" +
        "070815061990" +
        "08011" +
        "ID03I01" +
        "010201" +
        "0210ABCPV1234K" +
        "PT03T01" +
        "01109876543210" +
        "030201" +
        "EC03C01" +
        "0116ASHA@EXAMPLE.COM" +
        "PA03A01" +
        "012914 DEMO RESIDENCY, 5TH CROSS," +
        "0222KORAMANGALA, BANGALORE" +
        "060229" +
        "0706560034" +
        "080202" +
        "090202" +
        "TL04T001" +
        "0111SANDBOX0001" +
        "0212SALARYONTIME" +
        "0307SOT0001" +
        "040269" +
        "05011" +
        "080805012027" +
        "110815012027" +
        "120520000" +
        "130522000" +
        "1503000" +
        "260201" +
        "ES02**",
    );
  });

  it("an overdue, then a closed account: overdue amount and days past due, SMA as 05 and NPA as 02; closing date and last payment", () => {
    const overdue = tudfSubject(built({ currentBalancePaise: 2_770_050, overduePaise: 2_770_050, daysPastDue: 9, assetClass: "SMA-0" }), member);
    expect(overdue).toContain("130527701140527701150300926020" + "5");
    const npa = tudfSubject(built({ overduePaise: 3_000_000, currentBalancePaise: 3_000_000, daysPastDue: 91, assetClass: "NPA" }), member);
    expect(npa).toContain("1503091260202");
    const closed = tudfSubject(built({ dateLastPayment: "2027-02-10", dateClosed: "2027-02-10", currentBalancePaise: 0 }), member);
    expect(closed).toContain("0908100220271008100220271108150120271205200001301015030002602" + "01");
    // No e-mail: no EC segment at all.
    expect(tudfSubject(built({ email: null }), member)).not.toContain("EC03");
  });

  it("rounds paise to whole rupees half up", () => {
    expect([wholeRupees(0), wholeRupees(49), wholeRupees(50), wholeRupees(2_770_049), wholeRupees(2_770_050)]).toEqual([0, 0, 1, 27_700, 27_701]);
  });
});

describe("malformed records are refused whole, with every reason", () => {
  it.each([
    [{ pan: null }, "The PAN is missing."],
    [{ pan: "ABC1234" }, "The PAN is not in the form ABCDE1234F."],
    [{ name: "R4hul Kumar" }, "The name has characters the bureau format does not allow (letters, spaces, dots, hyphens and apostrophes only)."],
    [{ name: "Asha @ Verma" }, "The name has characters the bureau format does not allow (letters, spaces, dots, hyphens and apostrophes only)."],
    [{ name: "आशा वर्मा" }, "The name has characters the bureau format does not allow (letters, spaces, dots, hyphens and apostrophes only)."],
    [{ name: "  " }, "The borrower's name is missing."],
    [{ dob: null }, "The date of birth is missing."],
    [{ dob: "2010-01-01" }, "The date of birth makes the borrower younger than 18."],
    [{ gender: null }, "The gender is missing."],
    [{ mobile: "12345" }, "The mobile number is not 10 digits starting 6-9."],
    [{ email: "not-an-address" }, "The e-mail address is not a valid address."],
    [{ loanNo: null }, "The loan number is missing or not 1-30 letters and digits."],
  ] as [Partial<BureauRecordInput>, string][])("%j", (over, problem) => {
    expect(toTudfRecord(input(over))).toEqual({ ok: false, problems: [problem] });
  });

  it("address faults: characters, state, PIN; several at once", () => {
    const r = toTudfRecord(
      input({
        pan: null,
        address: { line1: "14 Demo * Residency", line2: null, city: "Bangalore", state: "Atlantis", pincode: "05603", residenceTypeId: null },
      }),
    );
    expect(r).toEqual({
      ok: false,
      problems: [
        "The PAN is missing.",
        "The address has characters the bureau format does not allow.",
        "The address has no state the bureau has a code for.",
        "The PIN code is not 6 digits.",
      ],
    });
  });
});

describe("TUDF reader", () => {
  const header = { ...member, cycle: "02", dateReported: "2027-01-15" };

  it("reads a file back segment by segment into the same records", () => {
    const a = built();
    const b = built({
      loanNo: "SOT0002",
      name: "Ravi Shankar Narayanaswamy Iyer-Venkataraman",
      email: null,
      daysPastDue: 45,
      assetClass: "SMA-1",
      overduePaise: 2_500_000,
    });
    const parsed = parseTudf(tudfFile(header, [a, b]));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.header).toEqual(header);
    expect(parsed.subjects.map((s) => s.map((seg) => seg.tag).join(","))).toEqual(["PN,ID,PT,EC,PA,TL", "PN,ID,PT,PA,TL"]);
    expect(parsed.subjects.map((s) => readSubject(s))).toEqual([
      { ok: true, memberId: "SANDBOX0001", record: a },
      { ok: true, memberId: "SANDBOX0001", record: b },
    ]);
    // A long name spreads over the 26-character name fields, each filled as far as whole words go
    // ("RAVI SHANKAR NARAYANASWAMY" is exactly 26 characters).
    expect(b.nameParts).toEqual(["RAVI SHANKAR NARAYANASWAMY", "IYER-VENKATARAMAN"]);
  });

  it("an empty period is a header and TRLR", () => {
    expect(parseTudf(tudfFile(header, []))).toEqual({ ok: true, header, subjects: [] });
  });

  it("structural faults stop the reader", () => {
    const good = tudfFile(header, [built()]);
    expect(parseTudf(good.slice(0, -4))).toEqual({ ok: false, error: "The file has no TRLR trailer." });
    expect(parseTudf(`XUDF${good.slice(4)}`)).toEqual({ ok: false, error: "The file does not start with a TUDF version 12 header." });
    expect(parseTudf(good.replace("ES02**", "")).ok).toBe(false);
    expect(parseTudf(good.replace("0210ABCPV1234K", "0299ABCPV1234K")).ok).toBe(false);
  });

  it("a record whose class does not match its days past due, or with an overdue amount and no days past due, is refused by the reader", () => {
    const wrong = tudfFile(header, [built()]).replace("1503000260201", "1503045260201");
    const parsed = parseTudf(wrong);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(readSubject(parsed.subjects[0])).toEqual({
      ok: false,
      loanNo: "SOT0001",
      errors: ["TL 26: asset classification does not match the days past due."],
    });
  });
});

describe("the bureau's state codes cover every state and union territory (issue 30)", () => {
  // The 28 states and 8 union territories, each with the two-digit code CIBIL's format gives it, written out by hand.
  const EVERY_STATE_AND_UT: [string, string][] = [
    ["Andhra Pradesh", "28"],
    ["Arunachal Pradesh", "12"],
    ["Assam", "18"],
    ["Bihar", "10"],
    ["Chhattisgarh", "22"],
    ["Goa", "30"],
    ["Gujarat", "24"],
    ["Haryana", "06"],
    ["Himachal Pradesh", "02"],
    ["Jharkhand", "20"],
    ["Karnataka", "29"],
    ["Kerala", "32"],
    ["Madhya Pradesh", "23"],
    ["Maharashtra", "27"],
    ["Manipur", "14"],
    ["Meghalaya", "17"],
    ["Mizoram", "15"],
    ["Nagaland", "13"],
    ["Odisha", "21"],
    ["Punjab", "03"],
    ["Rajasthan", "08"],
    ["Sikkim", "11"],
    ["Tamil Nadu", "33"],
    ["Telangana", "36"],
    ["Tripura", "16"],
    ["Uttar Pradesh", "09"],
    ["Uttarakhand", "05"],
    ["West Bengal", "19"],
    ["Andaman and Nicobar Islands", "35"],
    ["Chandigarh", "04"],
    ["Dadra and Nagar Haveli and Daman and Diu", "26"],
    ["Delhi", "07"],
    ["Jammu and Kashmir", "01"],
    ["Ladakh", "38"],
    ["Lakshadweep", "31"],
    ["Puducherry", "34"],
  ];

  it("has 36 states and union territories, each with its code", () => {
    expect(EVERY_STATE_AND_UT).toHaveLength(36);
    for (const [name, code] of EVERY_STATE_AND_UT) expect([name, tudfStateCode(name)]).toEqual([name, code]);
  });

  it("reads the names as addresses write them: '&', capitals, spaces, old names", () => {
    expect(tudfStateCode("Jammu & Kashmir")).toBe("01");
    expect(tudfStateCode("  TAMIL   NADU ")).toBe("33");
    expect(tudfStateCode("Andaman & Nicobar Islands")).toBe("35");
    expect(tudfStateCode("Orissa")).toBe("21");
    expect(tudfStateCode("Pondicherry")).toBe("34");
    expect(tudfStateCode("Daman and Diu")).toBe("25");
    expect(tudfStateCode("Atlantis")).toBeUndefined();
  });

  it("keeps a borrower in Ladakh or Puducherry in the file (they were left out before)", () => {
    const address = input().address;
    expect(tudfSubject(built({ address: { ...address, state: "Ladakh", pincode: "194101" } }), member)).toContain("060238");
    expect(tudfSubject(built({ address: { ...address, state: "Andaman & Nicobar Islands", pincode: "744101" } }), member)).toContain("060235");
  });
});
