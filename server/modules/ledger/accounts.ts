// The ledger's accounts (decision 27). The same list is the CHECK in migration 0800.
// Per-loan accounts carry the loan id on each posting; the lender's bank and clearing
// accounts carry none.
import type { PaymentGatewayName } from "../../../core/payment-gateways.ts";

export const LOAN_ACCOUNTS = [
  "principal_receivable",
  "interest_receivable",
  "penal_receivable",
  "interest_income",
  "penal_income",
  "fee_income",
  "gst_payable",
  "customer_excess",
  // Disbursal: the net is rounded to the rupee (decision 1); the paise go here, not into the fee.
  "round_off",
] as const;

/** Money the lender holds: its bank account, each gateway's clearing account, and bank transfers awaiting approval. */
export const LENDER_ACCOUNTS = [
  "bank",
  "clearing_razorpay",
  "clearing_payu",
  "clearing_phonepe",
  "clearing_bank_transfer",
  // A gateway's settlement keeps back its fee and the GST on it (migration 1000): the lender's expenses.
  "gateway_fee_expense",
  "gateway_fee_gst_expense",
] as const;

export type LoanAccount = (typeof LOAN_ACCOUNTS)[number];
export type LenderAccount = (typeof LENDER_ACCOUNTS)[number];
export type Account = LoanAccount | LenderAccount;

/** Where a repayment's money arrives. */
export type RepaymentSource = Exclude<LenderAccount, "bank"> | "bank";
export type Gateway = PaymentGatewayName;
export const clearingAccountOf = (gateway: Gateway): LenderAccount => `clearing_${gateway}`;

export type Side = "debit" | "credit";

/**
 * Normal balance side: assets (receivables, bank, clearing) grow by debits; income and
 * liabilities (fee, interest and penal income, GST payable, customer excess) grow by credits.
 * A balance is reported positive on its normal side.
 */
export const NORMAL_SIDE: Record<Account, Side> = {
  principal_receivable: "debit",
  interest_receivable: "debit",
  penal_receivable: "debit",
  interest_income: "credit",
  penal_income: "credit",
  fee_income: "credit",
  gst_payable: "credit",
  customer_excess: "credit",
  round_off: "credit",
  bank: "debit",
  clearing_razorpay: "debit",
  clearing_payu: "debit",
  clearing_phonepe: "debit",
  clearing_bank_transfer: "debit",
  gateway_fee_expense: "debit",
  gateway_fee_gst_expense: "debit",
};

export function isLoanAccount(account: string): account is LoanAccount {
  return (LOAN_ACCOUNTS as readonly string[]).includes(account);
}

export function isAccount(account: string): account is Account {
  return isLoanAccount(account) || (LENDER_ACCOUNTS as readonly string[]).includes(account);
}

export const ENTRY_KINDS = ["disbursal", "interest_accrual", "penal_accrual", "repayment", "refund", "reversal", "settlement"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
