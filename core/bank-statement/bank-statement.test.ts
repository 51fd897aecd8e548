// The bank's CSV and MT940 statements, read strictly: recorded samples of the same two days of the
// lender's account, each figure stated by hand.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lineIdentities, lineNames, parseCsvStatement, parseMt940Statement, StatementFileError } from "./index.ts";

const fixture = (name: string) => readFileSync(new URL(`../../tests/fixtures/bank-statements/${name}`, import.meta.url), "utf8");
const HEADER = "Date,Value Date,Narration,Chq/Ref No,Debit,Credit,Balance";

const problemsOf = (read: () => unknown): string[] => {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementFileError) return error.problems;
    throw error;
  }
  throw new Error("the file was accepted");
};

// The four lines of both samples: ₹1,000 transfer in, ₹976.40 Razorpay settlement, ₹19,586 payout, ₹11.80 charges.
const FOUR = [
  { bookedOn: "2026-12-01", valueOn: "2026-12-01", direction: "credit", amountPaise: 1_00_000 },
  { bookedOn: "2026-12-01", valueOn: "2026-12-01", direction: "credit", amountPaise: 97_640 },
  { bookedOn: "2026-12-02", valueOn: "2026-12-02", direction: "debit", amountPaise: 19_58_600 },
  { bookedOn: "2026-12-02", valueOn: "2026-12-02", direction: "debit", amountPaise: 1_180 },
];

describe("CSV statement", () => {
  it("reads dates, Indian-grouped rupees and running balances: opening ₹5,00,000.00, closing ₹4,82,378.60", () => {
    const s = parseCsvStatement(fixture("statement.csv"), "50200012345678");
    expect(s.lines.map(({ bookedOn, valueOn, direction, amountPaise }) => ({ bookedOn, valueOn, direction, amountPaise }))).toEqual(FOUR);
    expect(s.openingBalancePaise).toBe(5_00_00_000);
    expect(s.closingBalancePaise).toBe(4_82_37_860);
    expect(s.lines[0]).toMatchObject({
      lineNo: 2,
      reference: "UTR000111222333",
      narration: "NEFT CR-SBIN0001234-RAVI KUMAR-SOT LOAN",
      balancePaise: 5_01_00_000,
    });
  });

  it("refuses a bad file with one message per bad line", () => {
    const text = [
      HEADER,
      "31/02/2026,01/12/2026,X,R1,,100.00,100.00",
      "01/12/2026,01/12/2026,Y,R2,5.00,6.00,106.00",
      "01/12/2026,01/12/2026,Z,R3,,abc,106.00",
    ].join("\n");
    expect(problemsOf(() => parseCsvStatement(text, "1"))).toEqual([
      'Line 2: the date "31/02/2026" is not a date (DD/MM/YYYY).',
      "Line 3: it needs exactly one of debit and credit.",
      'Line 4: the credit "abc" is not an amount in rupees.',
    ]);
  });

  it("refuses a running balance that does not follow, and a file without the columns", () => {
    const text = [HEADER, "01/12/2026,01/12/2026,X,R1,,100.00,1100.00", "01/12/2026,01/12/2026,Y,R2,,50.00,1200.00"].join("\n");
    expect(problemsOf(() => parseCsvStatement(text, "1"))).toEqual(["Line 3: the balance 1200 does not follow from the lines before it (1150)."]);
    expect(problemsOf(() => parseCsvStatement("Date,Amount\n01/12/2026,5", "1"))).toContain("The header row has no Debit column.");
  });
});

describe("MT940 statement", () => {
  it("reads :25:, :60F:, each :61: with its :86: narration, and :62F:", () => {
    const s = parseMt940Statement(fixture("statement.mt940"));
    expect(s).toMatchObject({ accountNo: "50200012345678", statementRef: "STMT261202001", openingBalancePaise: 5_00_00_000, closingBalancePaise: 4_82_37_860 });
    expect(s.lines.map(({ bookedOn, valueOn, direction, amountPaise }) => ({ bookedOn, valueOn, direction, amountPaise }))).toEqual(FOUR);
    expect(s.lines[0]).toMatchObject({ reference: "UTR000111222333 HDFC00001", narration: "NEFT CR-SBIN0001234-RAVI KUMAR-SOT LOAN" });
    expect(s.lines[3].reference).toBe("");
  });

  it("refuses a bad :61: and a closing balance that does not follow", () => {
    const text = [
      ":20:S1",
      ":25:123456789",
      ":60F:C261130INR1000,00",
      ":61:2612011201C1.000,00NTRFX",
      ":61:2612011201C100,00NTRFY",
      ":62F:C261201INR1200,00",
    ].join("\n");
    expect(problemsOf(() => parseMt940Statement(text))).toEqual([
      'Line 4: :61: "2612011201C1.000,00NTRFX" is not value date, entry date, D/C, amount with a decimal comma, type and reference.',
      "Line 6: the closing balance 1200 does not follow from the opening balance and the lines (1100).",
    ]);
    expect(problemsOf(() => parseMt940Statement("hello"))).toEqual(["The file is not an MT940 statement: it has no tags such as :20: and :61:."]);
  });

  it("takes the entry date into the next year across 31 December, and RD as money in", () => {
    const text = [":20:S1", ":25:123456789", ":60F:C261231INR0,00", ":61:2612310101RD500,00NTRFZ", ":62F:C270101INR500,00"].join("\n");
    expect(parseMt940Statement(text).lines[0]).toMatchObject({ valueOn: "2026-12-31", bookedOn: "2027-01-01", direction: "credit", amountPaise: 50_000 });
  });
});

describe("one line, one identity", () => {
  it("the CSV and the MT940 of the same days name each line alike; two identical lines stay two", () => {
    const csv = parseCsvStatement(fixture("statement.csv"), "50200012345678").lines;
    const twice = [csv[0], { ...csv[0], lineNo: 9 }];
    const ids = lineIdentities(twice);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lineIdentities([csv[0]])[0]).toBe(ids[0]);
  });

  it("finds a UTR in the reference or the narration, whatever the punctuation", () => {
    expect(lineNames({ reference: "", narration: "NEFT CR-UTR 0001-11222333" }, "utr000111222333")).toBe(true);
    expect(lineNames({ reference: "X", narration: "Y" }, "UTR000111222333")).toBe(false);
  });
});
