// What the manual journals and period close screens may ask of the server (decision 44): one person in
// accounts enters a journal on the lender's own accounts, another approves it (then it is posted) or
// rejects it; accounts closes months in order, each after it has ended. The auditor reads.

export type JournalStatus = "PENDING" | "APPROVED" | "REJECTED";

export interface JournalLineView {
  account: string;
  side: "debit" | "credit";
  amountPaise: number;
}

export interface JournalRow {
  id: string;
  effectiveOn: string;
  reason: string;
  lines: JournalLineView[];
  totalPaise: number;
  status: JournalStatus;
  enteredByEmail: string | null;
  enteredAt: string;
  decidedByEmail: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
}

export interface JournalLineEntry {
  account: string;
  side: string;
  /** Rupees as typed, up to two decimals ("5000000" or "50,00,000.50"). */
  amountRupees: string;
}

export interface JournalEntry {
  /** India date, YYYY-MM-DD. */
  effectiveOn: string;
  reason: string;
  lines: JournalLineEntry[];
}

export interface PeriodRow {
  /** The month's first day. */
  month: string;
  label: string;
  entries: number;
  closed: { byEmail: string | null; at: string } | null;
}

export interface PeriodsView {
  months: PeriodRow[];
  /** The month that may be closed next (null: none), or why it may not be yet. */
  next: { month: string | null; label: string | null; refused: string | null };
  /** The first day entries may be dated on (null while nothing is closed). */
  firstOpenDay: string | null;
}

export interface JournalDesk {
  /** The lender's accounts a journal may touch. */
  accounts(): Promise<readonly string[]>;
  enter(input: JournalEntry): Promise<JournalRow>;
  list(query?: { status?: JournalStatus; page?: number }): Promise<{ rows: JournalRow[]; total: number; page: number; pageSize: number }>;
  approve(input: { id: string }): Promise<{ id: string; entryId: string }>;
  reject(input: { id: string; reason: string }): Promise<{ id: string }>;
  periods(): Promise<PeriodsView>;
  closeMonth(input: { month: string }): Promise<{ month: string }>;
}
