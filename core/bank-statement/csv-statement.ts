// The bank's CSV export of an account statement, as Indian banks give it (docs/decisions/money.md, "Bank
// statements"): a header row naming the columns, then one row per transaction:
//   Date, Value Date, Narration, Chq/Ref No, Debit, Credit, Balance
// Column names may be any of the common spellings below, in any order; dates DD/MM/YYYY (or
// DD-MM-YYYY, DD/MM/YY, DD-Mon-YYYY, YYYY-MM-DD); amounts in rupees ("1,20,000.50"), the other side
// blank or 0; the balance after each line. Strict: any bad row refuses the whole file.
import {
  checkBalances,
  MAX_STATEMENT_LINES,
  rupeesTextToPaise,
  statementDate,
  StatementFileError,
  type ParsedStatement,
  type StatementLine,
} from "./statement-line.ts";

const COLUMNS = {
  date: ["date", "txn date", "transaction date", "tran date", "posting date"],
  valueDate: ["value date", "value dt", "value_date"],
  narration: ["narration", "description", "particulars", "remarks", "transaction remarks"],
  reference: ["chq/ref no", "chq/ref no.", "ref no./cheque no.", "reference", "ref no", "cheque no", "chq no", "utr", "reference no"],
  debit: ["debit", "withdrawal amt", "withdrawal amt.", "withdrawal amount (inr)", "withdrawal", "debit amount", "dr"],
  credit: ["credit", "deposit amt", "deposit amt.", "deposit amount (inr)", "deposit", "credit amount", "cr"],
  balance: ["balance", "closing balance", "balance (inr)", "running balance"],
} as const;
type Column = keyof typeof COLUMNS;

/** One CSV row's cells: commas outside double quotes separate, "" inside quotes is a quote. Null when a quote is left open. */
export function csvCells(row: string): string[] | null {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i];
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') ((cell += '"'), i++);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") (cells.push(cell), (cell = ""));
    else cell += ch;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export function parseCsvStatement(text: string, accountNo: string): ParsedStatement {
  const problems: string[] = [];
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerAt = rows.findIndex((r) => r.trim() !== "");
  const header = headerAt >= 0 ? csvCells(rows[headerAt]) : null;
  const at: Partial<Record<Column, number>> = {};
  for (const [column, names] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
    const i = (header ?? []).findIndex((h) => names.includes(h.toLowerCase().replace(/\s+/g, " ")));
    if (i < 0) problems.push(`The header row has no ${column === "valueDate" ? "Value Date" : column[0].toUpperCase() + column.slice(1)} column.`);
    else at[column] = i;
  }
  if (problems.length) throw new StatementFileError(problems);
  const lines: StatementLine[] = [];
  for (let r = headerAt + 1; r < rows.length; r++) {
    if (rows[r].trim() === "") continue;
    const lineNo = r + 1;
    const cells = csvCells(rows[r]);
    if (!cells || cells.length < (header?.length ?? 0)) {
      problems.push(`Line ${lineNo}: ${cells ? `has ${cells.length} columns, the header ${header!.length}` : "a quote is not closed"}.`);
      continue;
    }
    const cell = (c: Column) => cells[at[c]!];
    const bookedOn = statementDate(cell("date"));
    const valueOn = statementDate(cell("valueDate") || cell("date"));
    const debit = cell("debit") === "" ? 0 : rupeesTextToPaise(cell("debit"));
    const credit = cell("credit") === "" ? 0 : rupeesTextToPaise(cell("credit"));
    const balance = rupeesTextToPaise(cell("balance").replace(/\s*(CR|Cr)$/, ""));
    const bad: string[] = [];
    if (!bookedOn) bad.push(`the date "${cell("date")}" is not a date (DD/MM/YYYY)`);
    if (!valueOn) bad.push(`the value date "${cell("valueDate")}" is not a date`);
    if (debit === null || debit < 0) bad.push(`the debit "${cell("debit")}" is not an amount in rupees`);
    if (credit === null || credit < 0) bad.push(`the credit "${cell("credit")}" is not an amount in rupees`);
    if (balance === null) bad.push(`the balance "${cell("balance")}" is not an amount in rupees`);
    if (debit !== null && credit !== null && debit > 0 === credit > 0) bad.push("it needs exactly one of debit and credit");
    if (bad.length) {
      problems.push(`Line ${lineNo}: ${bad.join("; ")}.`);
      continue;
    }
    lines.push({
      lineNo,
      bookedOn: bookedOn!,
      valueOn: valueOn!,
      direction: credit! > 0 ? "credit" : "debit",
      amountPaise: credit! > 0 ? credit! : debit!,
      reference: cell("reference").slice(0, 100),
      narration: cell("narration").slice(0, 300),
      balancePaise: balance,
    });
  }
  if (lines.length === 0 && problems.length === 0) problems.push("The file has no transactions.");
  if (lines.length > MAX_STATEMENT_LINES) problems.push(`The file has more than ${MAX_STATEMENT_LINES} lines: split it.`);
  const first = lines[0];
  const last = lines[lines.length - 1];
  const statement: ParsedStatement = {
    format: "csv",
    accountNo,
    statementRef: "",
    openingBalancePaise:
      first && first.balancePaise !== null ? first.balancePaise - (first.direction === "credit" ? first.amountPaise : -first.amountPaise) : null,
    closingBalancePaise: last?.balancePaise ?? null,
    lines,
  };
  checkBalances(statement, problems);
  if (problems.length) throw new StatementFileError(problems);
  return statement;
}
