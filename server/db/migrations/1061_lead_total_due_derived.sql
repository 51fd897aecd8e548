-- Issue 20: what a loan owes comes from the ledger and the loan's terms (dues()), never from a
-- cached rupee figure on the lead. The float total_due column goes; the dashboard's total_due is
-- computed from the loan's payments and terms on each read.
ALTER TABLE leads DROP COLUMN IF EXISTS total_due;
