// What the bank transfers screen may ask of the server (decisions 29, 32): collections enters a
// transfer received for a loan, accounts approves or rejects it, never the person who entered it.

export type BankTransferStatus = "PENDING" | "APPROVED" | "REJECTED";

export interface BankTransferRow {
  id: string;
  loanNo: string;
  amountPaise: number;
  bankReference: string;
  receivedOn: string;
  status: BankTransferStatus;
  enteredByEmail: string | null;
  enteredAt: string;
  decidedByEmail: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
}

export interface BankTransferEntry {
  loanNo: string;
  /** Rupees as typed, up to two decimals ("15000" or "15000.50"). */
  amountRupees: string;
  bankReference: string;
  /** India date, YYYY-MM-DD. */
  receivedOn: string;
}

export interface BankTransferDesk {
  enter(input: BankTransferEntry): Promise<BankTransferRow>;
  /** The signed-in collections user's own entries, newest first. */
  mine(query?: { page?: number }): Promise<{ rows: BankTransferRow[]; total: number; page: number; pageSize: number }>;
  /** Entries waiting for accounts, oldest first. */
  pending(query?: { page?: number }): Promise<{ rows: BankTransferRow[]; total: number; page: number; pageSize: number }>;
  approve(input: { id: string }): Promise<{ id: string; loanClosed: boolean; excessPaise: number }>;
  reject(input: { id: string; reason: string }): Promise<{ id: string }>;
}
