// CSV for the back office's downloads: RFC 4180 quoting, CRLF lines, and cells that a spreadsheet would
// read as a formula (=, +, -, @, tab, CR at the start) prefixed with an apostrophe (OWASP CSV injection).
// Numbers we write ourselves (amounts, counts) pass as they are, so a spreadsheet still adds them up.

import { rupeeText } from "../money.ts";

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (an amount we formatted, such as -123.45) is data, not a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: a number as it is; text made safe against formulas, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header line and rows, CRLF after each line. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Paise as plain rupees with two decimals and a minus sign when negative (no grouping, for spreadsheets). */
export const plainRupees = (paise: number): string => rupeeText(paise);
