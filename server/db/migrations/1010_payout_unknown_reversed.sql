-- Payouts that cannot pay twice (issue 20, decision 36). UNKNOWN: the create call failed or timed out,
-- so the provider may have the payout; it is asked before anything else happens, and the attempt stays
-- live (no second attempt under a new key) until the provider answers. REVERSED: paid, then returned
-- by the beneficiary's bank; the disbursal's entries are reversed and the lead is SANCTIONED again.
ALTER TABLE payouts DROP CONSTRAINT IF EXISTS payouts_status_check;
ALTER TABLE payouts ADD CONSTRAINT payouts_status_check CHECK (status IN ('PENDING', 'UNKNOWN', 'SUCCESS', 'FAILED', 'REVERSED'));
ALTER TABLE payouts ADD COLUMN reversal_reason text;
ALTER TABLE payouts ADD COLUMN reversed_at timestamptz;
DROP INDEX IF EXISTS payouts_one_live_idx;
CREATE UNIQUE INDEX payouts_one_live_idx ON payouts (loan_id) WHERE status IN ('PENDING', 'UNKNOWN', 'SUCCESS');
