// The back office's CSV cells: quoted when needed, and text a spreadsheet would run as a formula made inert.
import { describe, expect, it } from "vitest";
import { csvCell, csvFile, plainRupees } from "./csv.ts";

describe("csv cells", () => {
  it("prefixes text that starts like a formula with an apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+91 98765")).toBe("'+91 98765");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
  });

  it("keeps our own amounts and plain text as they are, and quotes commas, quotes and line breaks", () => {
    expect(csvCell("-17640.00")).toBe("-17640.00");
    expect(csvCell(12)).toBe("12");
    expect(csvCell("payout UTR123")).toBe("payout UTR123");
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(null)).toBe("");
  });

  it("writes rupees with two decimals and CRLF lines", () => {
    expect([plainRupees(1_764_000), plainRupees(-5), plainRupees(0)]).toEqual(["17640.00", "-0.05", "0.00"]);
    expect(csvFile(["a", "b"], [["=1", 2]])).toBe("a,b\r\n'=1,2\r\n");
  });
});
