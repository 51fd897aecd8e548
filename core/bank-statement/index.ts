// Bank statements of the lender's account (issue 29): the bank's CSV and MT940, read into one shape.
export * from "./statement-line.ts";
export { parseCsvStatement, csvCells } from "./csv-statement.ts";
export { parseMt940Statement } from "./mt940-statement.ts";
