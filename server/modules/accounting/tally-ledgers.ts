// Our ledger accounts as the accountant's Tally ledgers (issue 29). A per-loan account maps to one Tally
// ledger for all loans (the loan number goes in each voucher's narration). Change a name here to match
// the company's Tally masters; an account added to the chart later and not named here takes its label
// ("Capital", "Gst input credit"), so the export never fails for want of a name.
import { accountLabel } from "../../../core/admin/books-desk.ts";
import { site } from "../../../core/site-config.ts";
import { gatewayClearingAccount, PAYMENT_GATEWAYS } from "../../../core/payment-gateways.ts";
import type { Account } from "../ledger/accounts.ts";

/** The company the vouchers are imported into (Tally's SVCURRENTCOMPANY). */
export const TALLY_COMPANY = site.company.legalName;

/** Our account → the Tally ledger its postings go to. Typed by the chart, so a misspelt account fails the build. */
export const TALLY_LEDGER_NAMES: Partial<Record<Account, string>> = {
  principal_receivable: "Short Term Personal Loans",
  interest_receivable: "Interest Receivable on Loans",
  penal_receivable: "Penal Charges Receivable",
  interest_income: "Interest Income on Loans",
  penal_income: "Penal Charges Income",
  fee_income: "Processing Fee Income",
  gst_payable: "Output GST Payable",
  customer_excess: "Customer Excess Payments",
  round_off: "Rounding Off",
  bank: "Bank Account",
  // "<title> Clearing" for each gateway of the list (Razorpay Clearing, PayU Clearing, PhonePe Clearing).
  ...Object.fromEntries(PAYMENT_GATEWAYS.map((g) => [gatewayClearingAccount(g.name), `${g.title} Clearing`])),
  clearing_bank_transfer: "Bank Transfers Awaiting Credit",
  gateway_fee_expense: "Payment Gateway Charges",
  gateway_fee_gst_expense: "GST on Payment Gateway Charges",
  // Issue 32: the buyer app is named in each voucher's narration (its sub-ledger is the ONDC desk's).
  buyer_app_fee_expense: "Sourcing Cost - Buyer App Finder Fees",
  buyer_app_payable: "Payable to Buyer Apps",
};

/** The Tally ledger of any account of the chart: the configured name, or the account's label. */
export function tallyLedgerName(account: string, names: Partial<Record<string, string>> = TALLY_LEDGER_NAMES): string {
  return names[account] ?? accountLabel(account);
}
