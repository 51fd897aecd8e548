// What the bank statement screen may ask of the server (issue 29): accounts imports the bank's
// statement of the lender's account (CSV or MT940), the lines that match nothing wait here, and
// accounts matches one by hand to a counter-document, with a note (audited); the auditor reads.
export type BankLineMatchKind = "bank_transfer" | "payout" | "payout_return" | "settlement";

export const MATCH_KIND_LABELS: Record<BankLineMatchKind, string> = {
  bank_transfer: "Bank transfer from a borrower",
  payout: "Payout to a borrower",
  payout_return: "Payout returned by the bank",
  settlement: "Gateway settlement",
};

export interface BankStatementImportResult {
  importId: string;
  accountNo: string;
  format: "csv" | "mt940";
  lines: number;
  /** Lines not seen before (a re-import of the same statement adds none). */
  newLines: number;
  matched: Record<BankLineMatchKind, number>;
  unmatched: number;
  openingBalancePaise: number | null;
  closingBalancePaise: number | null;
}

export interface BankLineCandidate {
  kind: BankLineMatchKind;
  id: string;
  /** What the document is, for the desk ("Transfer UTR… for loan SOT…", "Payout UTR…", "Razorpay settlement setl_… UTR…"). */
  label: string;
  amountPaise: number;
  on: string;
}

export interface BankLineRow {
  id: string;
  accountNo: string;
  bookedOn: string;
  valueOn: string;
  direction: "credit" | "debit";
  amountPaise: number;
  reference: string;
  narration: string;
  candidates: BankLineCandidate[];
}

/** A document still waiting for its statement line after its window. */
export interface AwaitingBankRow {
  kind: BankLineMatchKind;
  id: string;
  label: string;
  amountPaise: number;
  on: string;
  windowEnded: string;
}

export interface BankImportRow {
  id: string;
  accountNo: string;
  format: "csv" | "mt940";
  fileName: string;
  fromOn: string;
  toOn: string;
  lineCount: number;
  newLineCount: number;
  closingBalancePaise: number | null;
  importedByEmail: string | null;
  importedAt: string;
}

export interface BankStatementDesk {
  overview(): Promise<{ unmatched: BankLineRow[]; awaiting: AwaitingBankRow[]; imports: BankImportRow[] }>;
  /** The file's text as uploaded; `accountNo` is required for CSV (the file does not name it) and, for MT940, must agree with :25: when given. */
  importStatement(input: { format: string; fileName: string; text: string; accountNo?: string }): Promise<BankStatementImportResult>;
  matchByHand(input: { lineId: string; kind: string; documentId: string; note: string }): Promise<{ id: string }>;
}
