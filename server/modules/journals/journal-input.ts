// A manual journal as typed on the screen, read into paise and checked (decision 44): the lender's own
// accounts only, each line a debit or a credit of a positive amount, debits equal to credits, dated on a
// day that has come and lies in the open period. Every refusal names what to fix; nothing is written.
import { isIsoDate, type IsoDate } from "../../../core/calendar.ts";
import { formatPaise } from "../../../core/money.ts";
import type { JournalEntry } from "../../../core/admin/journal-desk.ts";
import type { JournalLine } from "../../db/schema/index.ts";
import { InvalidInput } from "../domain-errors.ts";
import { isAccount, isLoanAccount, LENDER_ACCOUNTS, SUB_LEDGER_ACCOUNTS } from "../ledger/ledger.service.ts";
import { rupeesTextToPaise } from "../payments/bank-transfers.service.ts";

/** ₹1,000 crore: above this a line is surely a typing mistake. */
const MAX_LINE_PAISE = 1_000_000_000_000;
export const MAX_JOURNAL_LINES = 20;

export const JOURNAL_MESSAGES = {
  date: "Enter the date the journal counts for (YYYY-MM-DD), not in the future.",
  closed: (firstOpen: IsoDate) => `That date is in a closed period: date the journal on or after ${firstOpen}, and say in the reason what it corrects.`,
  reason: "Give the reason for the journal (5 to 500 characters).",
  tooFewLines: "A journal needs at least two lines: one debit and one credit.",
  tooManyLines: `A journal has at most ${MAX_JOURNAL_LINES} lines.`,
  account: (line: number, account: string) => `Line ${line}: "${account}" is not an account of the chart.`,
  loanAccount: (line: number, account: string) =>
    `Line ${line}: ${account} is a loan's account; a manual journal touches the lender's own accounts only (a loan's figures move only by its own events).`,
  subLedger: (line: number, account: string) =>
    `Line ${line}: ${account} moves only by its sub-ledger's events (each buyer app's fees and payments, on the buyer app fees desk), so its sub-ledger always adds up to it.`,
  side: (line: number) => `Line ${line}: choose debit or credit.`,
  amount: (line: number) => `Line ${line}: enter an amount in rupees above zero, at most two decimals.`,
  unbalanced: (debits: number, credits: number) => `Debits (${formatPaise(debits)}) and credits (${formatPaise(credits)}) must be equal.`,
  oneSided: "A journal needs at least one debit and one credit.",
  notFound: "No such journal.",
  notPending: "This journal has been decided already.",
  fourEyes: "You entered this journal; another person in accounts must approve or reject it.",
  closedOnApproval: (firstOpen: IsoDate) =>
    `The journal is dated in a period closed since it was entered; reject it and enter it again on or after ${firstOpen}.`,
  rejectReason: "Please give a reason for rejecting (5 to 500 characters).",
} as const;

export type ReadJournal = { effectiveOn: IsoDate; reason: string; lines: JournalLine[]; totalPaise: number };

/** Reads what was typed; blank lines (no account and no amount) are skipped. Throws InvalidInput with every problem. */
export function readJournal(input: JournalEntry, context: { today: IsoDate; firstOpenDay: IsoDate | null }): ReadJournal {
  const errors: Record<string, string> = {};
  const effectiveOn = String(input?.effectiveOn ?? "").trim();
  if (!isIsoDate(effectiveOn) || effectiveOn > context.today) errors.effectiveOn = JOURNAL_MESSAGES.date;
  else if (context.firstOpenDay && effectiveOn < context.firstOpenDay) errors.effectiveOn = JOURNAL_MESSAGES.closed(context.firstOpenDay);
  const reason = String(input?.reason ?? "").trim();
  if (reason.length < 5 || reason.length > 500) errors.reason = JOURNAL_MESSAGES.reason;

  const typed = Array.isArray(input?.lines) ? input.lines : [];
  const lines: JournalLine[] = [];
  let lineNo = 0;
  for (const raw of typed) {
    const account = String(raw?.account ?? "").trim();
    const amountText = String(raw?.amountRupees ?? "").trim();
    if (!account && !amountText) continue;
    lineNo += 1;
    const key = `line${lineNo}`;
    const side = String(raw?.side ?? "").trim();
    const amount = rupeesTextToPaise(amountText, MAX_LINE_PAISE);
    if (!isAccount(account)) errors[key] = JOURNAL_MESSAGES.account(lineNo, account);
    else if (isLoanAccount(account)) errors[key] = JOURNAL_MESSAGES.loanAccount(lineNo, account);
    else if ((SUB_LEDGER_ACCOUNTS as readonly string[]).includes(account)) errors[key] = JOURNAL_MESSAGES.subLedger(lineNo, account);
    else if (side !== "debit" && side !== "credit") errors[key] = JOURNAL_MESSAGES.side(lineNo);
    else if (amount === null) errors[key] = JOURNAL_MESSAGES.amount(lineNo);
    else lines.push({ account, side, amount });
  }
  if (lineNo < 2) errors.lines = JOURNAL_MESSAGES.tooFewLines;
  else if (lineNo > MAX_JOURNAL_LINES) errors.lines = JOURNAL_MESSAGES.tooManyLines;
  else if (lines.length === lineNo) {
    const debits = lines.filter((l) => l.side === "debit").reduce((s, l) => s + l.amount, 0);
    const credits = lines.filter((l) => l.side === "credit").reduce((s, l) => s + l.amount, 0);
    if (debits === 0 || credits === 0) errors.lines = JOURNAL_MESSAGES.oneSided;
    else if (debits !== credits) errors.lines = JOURNAL_MESSAGES.unbalanced(debits, credits);
  }
  const first = Object.values(errors)[0];
  if (first) throw new InvalidInput(first, errors);
  const totalPaise = lines.filter((l) => l.side === "debit").reduce((s, l) => s + l.amount, 0);
  return { effectiveOn, reason, lines, totalPaise };
}

/** The accounts a journal may touch, for the screen's list. */
export const JOURNAL_ACCOUNTS: readonly string[] = LENDER_ACCOUNTS.filter((a) => !SUB_LEDGER_ACCOUNTS.includes(a));
