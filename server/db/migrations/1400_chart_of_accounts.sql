-- The general ledger an auditor signs (issue 29, decision 44): funding, GST input credit, finance cost,
-- interest and penal suspense for NPAs, provisions, write-off and recovery; and the entry kinds of
-- manual journals, clearing, income suspense, provisions, write-off and recovery. The lists are
-- server/modules/ledger/accounts.ts. Nothing here allows an edit: corrections stay reversing entries.
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_account_check CHECK (account IN (
  'principal_receivable', 'interest_receivable', 'penal_receivable', 'interest_income', 'penal_income',
  'fee_income', 'gst_payable', 'customer_excess', 'round_off',
  'interest_suspense', 'penal_suspense', 'loan_loss_provision', 'provision_expense',
  'write_off_expense', 'recovery_after_write_off',
  'bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
  'gateway_fee_expense', 'gateway_fee_gst_expense', 'gst_input_credit', 'capital', 'borrowings', 'finance_cost'
));
-- The lender's own accounts carry no loan; every per-loan account carries one.
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_lender_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_lender_account_check CHECK (
  (account IN ('bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
               'gateway_fee_expense', 'gateway_fee_gst_expense', 'gst_input_credit', 'capital', 'borrowings',
               'finance_cost')) = (loan_id IS NULL)
);
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (
  kind IN ('disbursal', 'interest_accrual', 'penal_accrual', 'repayment', 'refund', 'reversal', 'settlement',
           'journal', 'clearing', 'income_suspense', 'provision', 'write_off', 'recovery')
);
