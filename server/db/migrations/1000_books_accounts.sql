-- Books a lender can trust (issue 20): the lender's expense accounts for gateway settlements
-- (the gateway's fee and the GST on it), and the settlement entry kind. Corrections stay
-- reversing entries (kind reversal); nothing here allows an edit.
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_account_check;
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_account_check CHECK (account IN (
  'principal_receivable', 'interest_receivable', 'penal_receivable', 'interest_income', 'penal_income',
  'fee_income', 'gst_payable', 'customer_excess', 'round_off',
  'bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
  'gateway_fee_expense', 'gateway_fee_gst_expense'
));
-- The lender's own accounts carry no loan; every per-loan account carries one.
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_lender_account_check CHECK (
  (account IN ('bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
               'gateway_fee_expense', 'gateway_fee_gst_expense')) = (loan_id IS NULL)
);
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (
  kind IN ('disbursal', 'interest_accrual', 'penal_accrual', 'repayment', 'refund', 'reversal', 'settlement')
);
