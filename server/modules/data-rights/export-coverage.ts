// Issue 30: every table that holds a customer's data (found by its reference to the customer or a loan, or to
// such a table) is either exported, under the named section of "download all my data", or named here with
// the reason it is not personal data to give back. export-coverage.test.ts reads the schema and fails on a
// table missing here, so a new table cannot be left out of the export unnoticed.
export type Coverage = { section: string } | { notExported: string };

export const EXPORT_COVERAGE: Record<string, Coverage> = {
  customer_profiles: { section: "profile" },
  // Issue 33: CKYC (the search, the confirmed download, the identifier, our uploads by version), with the eKYC.
  ckyc_uploads: { section: "aadhaar_ekyc" },
  ckyc_customers: { section: "aadhaar_ekyc" },
  leads: { section: "loans" },
  // Issue 31: the loan account's status, number and dates are exported with the lead they belong to.
  loan_accounts: { section: "loans" },
  credit_decisions: { section: "loans" },
  payouts: { section: "loans" },
  asset_class_history: { section: "loans" },
  customer_employment_details: { section: "employment" },
  bank_accounts: { section: "bank_accounts" },
  aadhaar_kyc: { section: "aadhaar_ekyc" },
  ekyc_requests: { section: "aadhaar_ekyc" },
  // Issue 33: the video KYC attempts, beside the DigiLocker eKYC (the photo and recordings follow with the call step).
  video_kyc_sessions: { section: "aadhaar_ekyc" },
  aa_consents: { section: "account_aggregator" },
  eligibility_checks: { section: "bureau_checks" },
  eligibility_rule_results: { section: "bureau_checks" },
  loan_quotes: { section: "quotes" },
  esign_requests: { section: "esign" },
  mandates: { section: "autopay" },
  mandate_debits: { section: "autopay" },
  payments: { section: "payments" },
  refunds: { section: "refunds" },
  uploaded_files: { section: "documents" },
  lead_documents: { section: "documents" },
  consents: { section: "consents" },
  sent_messages: { section: "messages" },
  loan_reminders: { section: "reminders" },
  collection_contacts: { section: "contacts" },
  grievances: { section: "complaints" },
  grievance_events: { section: "complaints" },
  data_requests: { section: "requests" },

  loan_status_changes: {
    notExported: "Each move of the loan's status and the staff id that made it: the loans section gives the status and when it last changed.",
  },
  loan_terms: { notExported: "The loan's fixed terms: the same figures as the accepted quote (quotes) and the Key Fact Statement." },
  ledger_entries: {
    notExported: "The lender's double-entry books; the customer's own figures are the payouts, payments and refunds exported, and the loan statement.",
  },
  ledger_postings: { notExported: "Lines of the lender's books (see ledger_entries)." },
  manual_journals: { notExported: "The lender's own journals (funding, GST set-off): they touch no loan's accounts, only the entry they posted." },
  bank_statement_lines: {
    notExported: "Lines of the lender's own bank statement; a line that is a customer's transfer is exported as that payment.",
  },
  loan_write_offs: {
    notExported: "The lender's accounting of an NPA in its books; the borrower still owes what the loan and its payments (exported) say.",
  },
  payment_orders: { notExported: "A checkout that was started; a paid one is a payment, exported under payments." },
  bank_transfers: { notExported: "A bank transfer entered by staff; once approved it is a payment, exported under payments." },
  gateway_settlement_lines: { notExported: "The gateway's settlement of a payment to the lender's account; the payment itself is exported." },
  gateway_settlements: { notExported: "The gateway's settlement batches to the lender: no customer data beyond the payments exported." },
  bureau_overdue_notices: { notExported: "That the overdue notice before bureau reporting was sent; the message itself is under messages." },
  signed_copies_sent: { notExported: "That the signed copies were sent; the message itself is under messages." },
  otp_codes: { notExported: "One-time codes, stored hashed and expiring in minutes; each SMS that carried one is under messages, the code masked." },
  repay_otp_challenges: { notExported: "Pay Now's one-time codes, hashed and short-lived; the SMS is under messages, the code masked." },
  repay_sessions: { notExported: "Pay Now's short-lived session tokens, stored hashed." },
  sessions: { notExported: "Sign-in session tokens, stored hashed, and their expiry: security data." },
  sandbox_mandate_tokens: { notExported: "The sandbox AutoPay provider's own records; not used in production." },
  ondc_form_submissions: {
    notExported: "That an ONDC buyer app's form was answered for the customer (its id and our rules' verdict); the values are the profile, exported.",
  },
  sandbox_mandate_debits: { notExported: "The sandbox AutoPay provider's own records; not used in production." },
  // Issue 33: each call's recordings listed with their session (side, times, size, SHA-256); the video itself is not in the file.
  video_kyc_recordings: { section: "aadhaar_ekyc" },
  video_kyc_recording_chunks: { notExported: "The stored pieces of a video KYC recording (see video_kyc_recordings)." },
  // Issue 33: each call's face and PAN card snapshots listed with their session (kind, time, SHA-256); the images are not in the file.
  video_kyc_snapshots: { section: "aadhaar_ekyc" },
  ondc_finder_fees: {
    notExported:
      "The finder fee the lender owes the ONDC buyer app for the customer's loan: the lender's own cost, not the customer's data or debt; the loan itself is exported.",
  },
  ondc_finder_fee_settlements: {
    notExported: "The lender's payments of finder fees to an ONDC buyer app (many loans each): the lender's own books, no customer's data.",
  },
  ondc_orders: {
    notExported:
      "The finder fee the lender agreed with the ONDC buyer app when it confirmed the customer's loan: the lender's own cost, not the customer's data or debt; the loan itself is exported.",
  },
  ondc_order_reports: {
    notExported: "That a change of the loan's state was reported to the customer's ONDC buyer app (its message id); the loan's history itself is exported.",
  },
  ondc_servicing_requests: {
    notExported:
      "A buyer app's request to close, part-pay or pay the overdue amount of the customer's ONDC loan, with the amount we quoted; the payments themselves are exported.",
  },
};
