// The chart of accounts (decisions 27 and 44). The same lists are the CHECKs in migration 1400 (a gateway
// added to core/payment-gateways.ts gets its clearing account here, and a migration widening those CHECKs).
// Per-loan accounts carry the loan id on each posting; the lender's own accounts carry none.
// Every account names the module that owns its postings and what clears it (docs/decisions/money.md,
// "The chart of accounts").
import { GATEWAY_CLEARING_ACCOUNTS, gatewayClearingAccount, type GatewayClearingAccount, type PaymentGatewayName } from "../../../core/payment-gateways.ts";

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
  // IRACP: interest and penal charges of an NPA, kept out of income until realised (memorandum).
  "interest_suspense",
  "penal_suspense",
  // Provisions by asset class (contra-asset) and their charge to profit and loss.
  "loan_loss_provision",
  "provision_expense",
  // Write-off of what is left of an NPA, and money recovered after it.
  "write_off_expense",
  "recovery_after_write_off",
] as const;

/** Money the lender holds and owes in its own name: bank, clearing accounts, funding, its own expenses. */
export const LENDER_ACCOUNTS = [
  "bank",
  // One per gateway of the list (clearing_razorpay, clearing_payu, clearing_phonepe), in its order.
  ...GATEWAY_CLEARING_ACCOUNTS,
  "clearing_bank_transfer",
  // A gateway's settlement keeps back its fee and the GST on it (migration 1000).
  "gateway_fee_expense",
  // Before decision 44 the GST on gateway fees was expensed here; it now goes to gst_input_credit.
  "gateway_fee_gst_expense",
  "gst_input_credit",
  // Funding, entered by manual journal with four eyes (decision 44).
  "capital",
  "borrowings",
  "finance_cost",
  // Issue 32: the ONDC buyer app's finder fee, an expense at payout and a payable (sub-ledger by buyer app) until
  // paid by bank; posted only by the ONDC module's finder-fee books (docs/decisions/money.md, "The ONDC buyer
  // app's finder fee in the books"). Migration 1680.
  "buyer_app_fee_expense",
  "buyer_app_payable",
] as const;

export type LoanAccount = (typeof LOAN_ACCOUNTS)[number];
export type LenderAccount = (typeof LENDER_ACCOUNTS)[number];
export type Account = LoanAccount | LenderAccount;

/** Where a repayment's money arrives. */
export type RepaymentSource = Exclude<LenderAccount, "bank"> | "bank";
export type Gateway = PaymentGatewayName;
export const clearingAccountOf = (gateway: Gateway): LenderAccount => gatewayClearingAccount(gateway);

export type Side = "debit" | "credit";

export type AccountType = "asset" | "contra_asset" | "liability" | "equity" | "income" | "expense";

/**
 * What each account is, for the trial balance and the accountant's exports. A contra-asset
 * (provisions, interest and penal suspense) is shown against the asset it reduces.
 */
export const ACCOUNT_TYPE: Record<Account, AccountType> = {
  principal_receivable: "asset",
  interest_receivable: "asset",
  penal_receivable: "asset",
  interest_income: "income",
  penal_income: "income",
  fee_income: "income",
  gst_payable: "liability",
  customer_excess: "liability",
  round_off: "income",
  interest_suspense: "contra_asset",
  penal_suspense: "contra_asset",
  loan_loss_provision: "contra_asset",
  provision_expense: "expense",
  write_off_expense: "expense",
  recovery_after_write_off: "income",
  bank: "asset",
  ...(Object.fromEntries(GATEWAY_CLEARING_ACCOUNTS.map((account) => [account, "asset"])) as Record<GatewayClearingAccount, "asset">),
  clearing_bank_transfer: "asset",
  gateway_fee_expense: "expense",
  gateway_fee_gst_expense: "expense",
  gst_input_credit: "asset",
  capital: "equity",
  borrowings: "liability",
  finance_cost: "expense",
  buyer_app_fee_expense: "expense",
  buyer_app_payable: "liability",
};

/**
 * Normal balance side: assets and expenses grow by debits; income, liabilities, equity and
 * contra-assets grow by credits. A balance is reported positive on its normal side.
 */
export const NORMAL_SIDE: Record<Account, Side> = Object.fromEntries(
  Object.entries(ACCOUNT_TYPE).map(([account, type]) => [account, type === "asset" || type === "expense" ? "debit" : "credit"]),
) as Record<Account, Side>;

/**
 * Lender accounts whose figures move only by their sub-ledger's events (issue 32: the payable to buyer apps, by
 * buyer app), so a manual journal may not touch them: the account always equals the sum of its sub-ledger.
 */
export const SUB_LEDGER_ACCOUNTS: readonly LenderAccount[] = ["buyer_app_payable"];

export function isLoanAccount(account: string): account is LoanAccount {
  return (LOAN_ACCOUNTS as readonly string[]).includes(account);
}

export function isAccount(account: string): account is Account {
  return isLoanAccount(account) || (LENDER_ACCOUNTS as readonly string[]).includes(account);
}

export const ENTRY_KINDS = [
  "disbursal",
  "interest_accrual",
  "penal_accrual",
  "repayment",
  "refund",
  "reversal",
  "settlement",
  // Decision 44: a manual journal (funding, adjustments), entered by one person and approved by another.
  "journal",
  // A clearing account emptied against its counter-document (a bank statement line).
  "clearing",
  // IRACP: an NPA's unrealised income moved to suspense, and realised back.
  "income_suspense",
  "provision",
  "write_off",
  "recovery",
  // Issue 32: a buyer app's finder fee accrued at payout, and paid to it by bank.
  "finder_fee",
  "finder_fee_payment",
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The per-loan accounts and their normal sides, for readers that sum postings themselves (the books check). */
export const LOAN_ACCOUNTS_FOR_CHECK = LOAN_ACCOUNTS.map((account) => ({ account, normal: NORMAL_SIDE[account] }));
