// A bank statement of the lender's own account, read from the bank's CSV or MT940 export: one shape
// for both, so matching and storage never see the file format. Pure: no I/O.
import { formatIsoDate, isIsoDate, type IsoDate } from "../calendar.ts";
import { paiseToRupees, parseRupees } from "../money.ts";

export type StatementDirection = "credit" | "debit";

export interface StatementLine {
  /** The file's line (CSV) or :61: tag's line (MT940), for messages. */
  lineNo: number;
  /** The day the bank booked it (entry date). */
  bookedOn: IsoDate;
  /** The day the money counts from (value date). */
  valueOn: IsoDate;
  direction: StatementDirection;
  /** Paise, > 0. */
  amountPaise: number;
  /** Cheque number, UTR or the bank's reference ("" when the bank gives none). */
  reference: string;
  narration: string;
  /** The running balance after the line (paise), when the statement gives one. */
  balancePaise: number | null;
}

export interface ParsedStatement {
  format: "csv" | "mt940";
  /** The lender's account number as the statement names it (MT940 :25:), or as the uploader gave it (CSV). */
  accountNo: string;
  /** The statement's own reference (MT940 :20:/:28C:), "" for CSV. */
  statementRef: string;
  openingBalancePaise: number | null;
  closingBalancePaise: number | null;
  lines: StatementLine[];
}

/** A bad file: every problem found, each naming its line. Nothing of such a file is stored. */
export class StatementFileError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.slice(0, 20).join(" "));
    this.problems = problems;
  }
}

export const MAX_STATEMENT_LINES = 20_000;

/** Rupees with at most two decimals, thousands separators allowed ("1,20,000.50"), to paise; null when not such a figure. */
export function rupeesTextToPaise(text: string, decimal: "." | "," = "."): number | null {
  const t = text.trim();
  if (decimal === ".") return /^-?(\d{1,3}(,\d{2,3})*|\d+)(\.\d{1,2})?$/.test(t) ? parseRupees(t, { grouping: true, negative: true }) : null;
  // MT940 writes "1200,5": a comma for the decimal point and no grouping.
  if (!/^\d+(,\d{0,2})?$/.test(t)) return null;
  return parseRupees(t.replace(/,$/, "").replace(",", "."));
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** DD/MM/YYYY, DD-MM-YYYY, DD/MM/YY, DD-Mon-YYYY (Indian banks' exports) or YYYY-MM-DD; null otherwise. */
export function statementDate(text: string): IsoDate | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isIsoDate(t) ? (t as IsoDate) : null;
  const m = /^(\d{1,2})[/-]([A-Za-z]{3}|\d{1,2})[/-](\d{2}|\d{4})$/.exec(t);
  if (!m) return null;
  const month = /^\d+$/.test(m[2]) ? Number(m[2]) : MONTHS.indexOf(m[2].toLowerCase()) + 1;
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (month < 1 || month > 12) return null;
  const iso = formatIsoDate({ year, month, day: Number(m[1]) });
  return isIsoDate(iso) ? iso : null;
}

/**
 * A line's identity: what the bank says of it (dates, side, amount, narration) and how many identical
 * lines came before it in the file, so one line stored from two overlapping statements (or from the
 * CSV and the MT940 of the same days) is the same row, and two identical payments of a day stay two.
 * The running balance and the reference are left out: MT940 gives no balance, and puts the bank's
 * own reference (//…) where the CSV may not. The server stores a hash of it.
 */
export function lineIdentities(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = [l.bookedOn, l.valueOn, l.direction, l.amountPaise, normalRef(l.narration)].join("|");
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}|${n}`;
  });
}

/** A reference or narration reduced to letters and digits, upper case, for matching a UTR inside it. */
export const normalRef = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toUpperCase();

/** Does the line name this reference (a UTR, a settlement's UTR) in its reference or its narration? */
export function lineNames(line: Pick<StatementLine, "reference" | "narration">, reference: string): boolean {
  const ref = normalRef(reference);
  if (ref.length < 6) return false;
  return normalRef(line.reference).includes(ref) || normalRef(line.narration).includes(ref);
}

/** The statement's own arithmetic: opening + credits − debits = closing, and each running balance follows. */
export function checkBalances(s: ParsedStatement, problems: string[]) {
  let running = s.openingBalancePaise;
  for (const l of s.lines) {
    if (running !== null) running += l.direction === "credit" ? l.amountPaise : -l.amountPaise;
    if (l.balancePaise !== null) {
      if (running !== null && running !== l.balancePaise)
        problems.push(`Line ${l.lineNo}: the balance ${paiseToRupees(l.balancePaise)} does not follow from the lines before it (${paiseToRupees(running)}).`);
      running = l.balancePaise;
    }
  }
  if (running !== null && s.closingBalancePaise !== null && running !== s.closingBalancePaise)
    problems.push(
      `The closing balance ${paiseToRupees(s.closingBalancePaise)} does not follow from the opening balance and the lines (${paiseToRupees(running)}).`,
    );
}
