// What the buyer app fees desk (/admin/buyer-app-fees, issue 32 point 9) may ask of the server: per ONDC buyer
// app, the finder fees accrued at payout, taken back when a payout was returned, settled by bank and still owed,
// with the loans behind them; accounts records a settlement paid by bank, the auditor reads
// (docs/decisions/money.md, "The ONDC buyer app's finder fee in the books").
import type { StaffRole } from "../staff.ts";

export const BUYER_APP_FEE_ROLES: readonly StaffRole[] = ["accounts", "auditor"];

export const BUYER_APP_FEE_MESSAGES = {
  buyerApp: "Choose a buyer app that has finder fees in our books.",
  amount: "Enter the amount paid in rupees, more than zero (up to two decimals).",
  tooMuch: (owed: string) => `That is more than we owe this buyer app (${owed}); record only what the bank paid against fees in our books.`,
  tooMuchOn: (owed: string, day: string) => `On ${day} we owed this buyer app ${owed}; a payment dated then cannot be more. Check the date paid.`,
  reference: "Enter the bank reference (UTR): 6 to 40 letters and digits.",
  duplicate: "A payment with this bank reference has been recorded already.",
  paidOn: "Enter the date the bank paid it (YYYY-MM-DD), not in the future.",
  closed: (firstOpen: string) => `That date is in a closed period: the books are open from ${firstOpen}.`,
  invoice: "Enter the buyer app's invoice number (1 to 40 characters).",
} as const;

export interface BuyerAppFeeLoan {
  loanNo: string | null;
  /** "Asha V.": staff see names masked. */
  customer: string;
  paidOutOn: string;
  feePaise: number;
  /** The fee as on_confirm stated it (stored with the order), or worked out from the search (no confirm stored). */
  feeFrom: "on_confirm" | "search";
  /** The day the returned payout took the fee back, or null while it stands. */
  reversedOn: string | null;
}

export interface BuyerAppFeeSettlement {
  paidOn: string;
  amountPaise: number;
  bankReference: string;
  invoiceNo: string;
  enteredByEmail: string | null;
}

export interface BuyerAppFees {
  /** The buyer app's ONDC subscriber id (bap_id). */
  bapId: string;
  accruedPaise: number;
  reversedPaise: number;
  settledPaise: number;
  /** Below zero: the buyer app owes us (a fee paid, then its payout returned). */
  outstandingPaise: number;
  oldestUnpaidOn: string | null;
  /** Newest first, at most LOANS_SHOWN. */
  loans: BuyerAppFeeLoan[];
  loanCount: number;
  settlements: BuyerAppFeeSettlement[];
}

export const LOANS_SHOWN = 200;

export interface BuyerAppFeeSettlementEntry {
  bapId: string;
  /** Rupees as typed, up to two decimals ("3.70" or "1,250.50"). */
  amountRupees: string;
  bankReference: string;
  /** India date, YYYY-MM-DD. */
  paidOn: string;
  invoiceNo: string;
}

export interface BuyerAppFeeDesk {
  list(): Promise<{ buyerApps: BuyerAppFees[]; totalOutstandingPaise: number }>;
  settle(input: BuyerAppFeeSettlementEntry): Promise<{ bapId: string; amountPaise: number; outstandingPaise: number }>;
}
