// SWIFT MT940, the bank's customer statement message: :20: statement reference, :25: account,
// :28C: statement/sequence number, :60F: (or :60M:) opening balance, each transaction as :61:
// with an optional :86: narration, :62F: (or :62M:) closing balance. Several messages (pages) in one
// file are read in order, each opening where the last closed. SWIFT blocks ({1:…}{4: … -}) are
// allowed around the text. Strict: any bad tag refuses the whole file.
import { MAX_STATEMENT_LINES, rupeesTextToPaise, StatementFileError, type ParsedStatement, type StatementLine } from "./statement-line.ts";
import { formatIsoDate, isIsoDate, type IsoDate } from "../calendar.ts";
import { paiseToRupees } from "../money.ts";

/** :61: value date YYMMDD, entry date MMDD, mark (C, D, RC, RD), funds code, amount "1234,56", type (N/F/S + 3), reference, //bank reference, supplementary. */
const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,2})([NFS][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]{0,16}))?(?:\n([\s\S]{0,34}))?$/;
/** :60F: / :62F: mark, date YYMMDD, currency, amount. */
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d{0,2})$/;

function yymmdd(text: string): IsoDate | null {
  const iso = formatIsoDate({ year: 2000 + Number(text.slice(0, 2)), month: Number(text.slice(2, 4)), day: Number(text.slice(4, 6)) });
  return isIsoDate(iso) ? iso : null;
}

/** The entry date MMDD in the value date's year, moved a year when the two straddle a new year. */
function entryDate(value: IsoDate, mmdd: string): IsoDate | null {
  const vYear = Number(value.slice(0, 4));
  const vMonth = Number(value.slice(5, 7));
  const month = Number(mmdd.slice(0, 2));
  const year = vMonth === 12 && month === 1 ? vYear + 1 : vMonth === 1 && month === 12 ? vYear - 1 : vYear;
  const iso = formatIsoDate({ year, month, day: Number(mmdd.slice(2, 4)) });
  return isIsoDate(iso) ? iso : null;
}

/** The tags of the text in order, each with its value (continuation lines kept) and its first line's number. */
function tags(text: string): { tag: string; value: string; lineNo: number }[] {
  const out: { tag: string; value: string; lineNo: number }[] = [];
  const rows = text.split(/\r?\n/);
  rows.forEach((row, i) => {
    const m = /^:(\d{2}[A-Z]?):(.*)$/.exec(row);
    if (m) out.push({ tag: m[1], value: m[2], lineNo: i + 1 });
    else if (out.length && row.trim() !== "" && row.trim() !== "-" && !row.startsWith("{") && !row.startsWith("-}")) out[out.length - 1].value += `\n${row}`;
  });
  return out;
}

export function parseMt940Statement(text: string): ParsedStatement {
  const problems: string[] = [];
  const body = text.replace(/^\uFEFF/, "").replace(/\{4:\r?\n?/g, "\n");
  const all = tags(body);
  const s: ParsedStatement = { format: "mt940", accountNo: "", statementRef: "", openingBalancePaise: null, closingBalancePaise: null, lines: [] };
  let currency: string | null = null;
  let running: number | null = null;
  let last: StatementLine | null = null;
  const balance = (t: { value: string; lineNo: number }, what: string) => {
    const m = BALANCE.exec(t.value.trim());
    const amount = m ? rupeesTextToPaise(m[4], ",") : null;
    if (!m || amount === null || !yymmdd(m[2])) {
      problems.push(`Line ${t.lineNo}: the ${what} balance "${t.value.trim()}" is not C/D, YYMMDD, currency and amount.`);
      return null;
    }
    if (currency && m[3] !== currency) problems.push(`Line ${t.lineNo}: the currency ${m[3]} differs from ${currency}.`);
    currency = m[3];
    if (m[3] !== "INR") problems.push(`Line ${t.lineNo}: the statement is in ${m[3]}; only INR accounts are read.`);
    return m[1] === "C" ? amount : -amount;
  };
  for (const t of all) {
    switch (t.tag) {
      case "20":
        s.statementRef ||= t.value.trim().slice(0, 35);
        break;
      case "25": {
        const account = t.value.trim().split("/").pop()!.trim();
        if (!account) problems.push(`Line ${t.lineNo}: :25: names no account.`);
        else if (s.accountNo && s.accountNo !== account) problems.push(`Line ${t.lineNo}: a second account ${account} in one file.`);
        else s.accountNo = account;
        break;
      }
      case "28C":
      case "28":
        break;
      case "60F":
      case "60M": {
        const opening = balance(t, "opening");
        if (opening === null) break;
        if (s.openingBalancePaise === null) s.openingBalancePaise = opening;
        else if (running !== null && running !== opening)
          problems.push(`Line ${t.lineNo}: this page opens at ${paiseToRupees(opening)}, the last closed at ${paiseToRupees(running)}.`);
        running = opening;
        break;
      }
      case "61": {
        const m = LINE_61.exec(t.value);
        const valueOn = m ? yymmdd(m[1]) : null;
        const bookedOn = m && valueOn ? (m[2] ? entryDate(valueOn, m[2]) : valueOn) : null;
        const amount = m ? rupeesTextToPaise(m[5], ",") : null;
        if (!m || !valueOn || !bookedOn || amount === null || amount <= 0) {
          problems.push(
            `Line ${t.lineNo}: :61: "${t.value.split("\n")[0]}" is not value date, entry date, D/C, amount with a decimal comma, type and reference.`,
          );
          last = null;
          break;
        }
        // RC reverses a credit (money out); RD reverses a debit (money in).
        const direction = m[3] === "C" || m[3] === "RD" ? "credit" : "debit";
        const ownRef = (m[7] ?? "").trim();
        last = {
          lineNo: t.lineNo,
          bookedOn,
          valueOn,
          direction,
          amountPaise: amount,
          reference: [ownRef === "NONREF" ? "" : ownRef, (m[8] ?? "").trim()].filter(Boolean).join(" ").slice(0, 100),
          narration: (m[9] ?? "").trim(),
          balancePaise: null,
        };
        s.lines.push(last);
        if (running !== null) running += direction === "credit" ? amount : -amount;
        break;
      }
      case "86":
        if (!last) problems.push(`Line ${t.lineNo}: :86: comes before any :61:.`);
        else last.narration = [last.narration, t.value.replace(/\n/g, " ").trim()].filter(Boolean).join(" ").slice(0, 300);
        break;
      case "62F":
      case "62M": {
        const closing = balance(t, "closing");
        if (closing === null) break;
        if (running !== null && running !== closing)
          problems.push(
            `Line ${t.lineNo}: the closing balance ${paiseToRupees(closing)} does not follow from the opening balance and the lines (${paiseToRupees(running)}).`,
          );
        s.closingBalancePaise = closing;
        running = closing;
        last = null;
        break;
      }
      case "64":
      case "65":
        break;
      default:
        problems.push(`Line ${t.lineNo}: the tag :${t.tag}: is not one of MT940's.`);
    }
  }
  if (!all.length) problems.push("The file is not an MT940 statement: it has no tags such as :20: and :61:.");
  else {
    if (!s.accountNo) problems.push("The statement has no :25: account.");
    if (s.openingBalancePaise === null) problems.push("The statement has no :60F: opening balance.");
    if (s.closingBalancePaise === null) problems.push("The statement has no :62F: closing balance.");
  }
  if (s.lines.length > MAX_STATEMENT_LINES) problems.push(`The file has more than ${MAX_STATEMENT_LINES} lines: split it.`);
  if (problems.length) throw new StatementFileError(problems);
  return s;
}
