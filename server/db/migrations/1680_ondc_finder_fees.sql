-- Issue 32, point 9: the ONDC buyer app's finder fee in the books (docs/decisions/money.md, "The ONDC buyer app's
-- finder fee in the books"). Two accounts of the lender's own, the expense and the payable to buyer apps, and
-- two entry kinds, the accrual at payout and the payment by bank; the chart is server/modules/ledger/accounts.ts.
-- The payable's sub-ledger by buyer app: each accrual (a payout) or its reversal (the payout returned), claimed
-- once by the loan's own status change in the transaction that posts it, and each settlement paid by bank.
-- Idempotent (the migration tests run it again): constraints dropped and added whole, tables IF NOT EXISTS.
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_account_check CHECK (account IN (
  'principal_receivable', 'interest_receivable', 'penal_receivable', 'interest_income', 'penal_income',
  'fee_income', 'gst_payable', 'customer_excess', 'round_off',
  'interest_suspense', 'penal_suspense', 'loan_loss_provision', 'provision_expense',
  'write_off_expense', 'recovery_after_write_off',
  'bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
  'gateway_fee_expense', 'gateway_fee_gst_expense', 'gst_input_credit', 'capital', 'borrowings', 'finance_cost',
  'buyer_app_fee_expense', 'buyer_app_payable'
));
ALTER TABLE ledger_postings DROP CONSTRAINT IF EXISTS ledger_postings_lender_account_check;
ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_lender_account_check CHECK (
  (account IN ('bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer',
               'gateway_fee_expense', 'gateway_fee_gst_expense', 'gst_input_credit', 'capital', 'borrowings',
               'finance_cost', 'buyer_app_fee_expense', 'buyer_app_payable')) = (loan_id IS NULL)
);
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (
  kind IN ('disbursal', 'interest_accrual', 'penal_accrual', 'repayment', 'refund', 'reversal', 'settlement',
           'journal', 'clearing', 'income_suspense', 'provision', 'write_off', 'recovery',
           'finder_fee', 'finder_fee_payment')
);

-- A payout of an ONDC loan (its change to DISBURSED) accrues the fee agreed for it; the payout's return (the
-- change back to SANCTIONED) reverses that accrual. A fee of 0 posts nothing (no entry) but is claimed.
CREATE TABLE IF NOT EXISTS ondc_finder_fees (
  status_change_id bigint PRIMARY KEY REFERENCES loan_status_changes(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('accrual', 'reversal')),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  transaction_id text NOT NULL,
  bap_id text NOT NULL,
  fee_paise bigint NOT NULL CHECK (fee_paise >= 0),
  effective_on date NOT NULL,
  -- A reversal names the accrual it undoes; an accrual is undone at most once.
  reverses bigint UNIQUE REFERENCES ondc_finder_fees(status_change_id) ON DELETE CASCADE,
  ledger_entry_id uuid UNIQUE REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'reversal') = (reverses IS NOT NULL)),
  CHECK ((fee_paise > 0) = (ledger_entry_id IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS ondc_finder_fees_bap_idx ON ondc_finder_fees (bap_id, effective_on);
CREATE INDEX IF NOT EXISTS ondc_finder_fees_lead_idx ON ondc_finder_fees (lead_id);

-- What accounts recorded as paid to a buyer app by bank against its invoice (Dr payable, Cr bank).
CREATE TABLE IF NOT EXISTS ondc_finder_fee_settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bap_id text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  paid_on date NOT NULL,
  bank_reference text NOT NULL UNIQUE CHECK (bank_reference ~ '^[A-Z0-9]{6,40}$'),
  invoice_no text NOT NULL CHECK (length(invoice_no) BETWEEN 1 AND 40),
  ledger_entry_id uuid NOT NULL UNIQUE REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  entered_by text NOT NULL,
  entered_by_email text,
  entered_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ondc_finder_fee_settlements_bap_idx ON ondc_finder_fee_settlements (bap_id, paid_on);
