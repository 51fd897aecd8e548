-- Issue 31: money is integer paise from the database to the screen, and a loan's terms live in one
-- place, its loan_terms row. The accepted quote keeps what the customer accepted and when (proposal
-- number, dates, amount, tenure, purpose); its figures are the terms row's.

-- Every accepted quote has had its terms row since migration 1001 (the acceptance writes both). Should
-- one lack it, it is made here from the quote's own figures, converted exactly, with the product of the
-- day (1% a day, penal 0.5% a day capped at 25%, 3 days' cooling-off, fee 10%, GST 18%).
INSERT INTO loan_terms (lead_id, principal_paise, interest_bps_per_day, penal_bps_per_day, penal_cap_bps, cooling_off_days,
  processing_fee_bps, gst_bps, fee_paise, gst_paise, net_disbursal_paise, interest_paise, apr_bps, tenure_days,
  repayment_date, kfs_issued_on, cooling_off_ends_on, fixed_at)
SELECT q.lead_id, q.principal::bigint * 100, 100, 50, 2500, 3, 1000, 1800,
  (q.processing_fee * 100)::bigint, (q.gst * 100)::bigint, (q.net_disbursal * 100)::bigint,
  (q.interest * 100)::bigint, (q.apr * 100)::integer, q.tenure_days,
  coalesce(l.repayment_date, q.repayment_date), q.issued_on,
  CASE WHEN l.disbursal_date IS NOT NULL THEN l.disbursal_date + 3 END, q.accepted_at
FROM loan_quotes q JOIN leads l ON l.id = q.lead_id
WHERE NOT EXISTS (SELECT 1 FROM loan_terms t WHERE t.lead_id = q.lead_id);

-- The quote's copies of the terms go: fee, GST, net, interest and total (numeric rupees) and the APR.
ALTER TABLE loan_quotes
  DROP COLUMN processing_fee,
  DROP COLUMN gst,
  DROP COLUMN net_disbursal,
  DROP COLUMN interest,
  DROP COLUMN total_repayable,
  DROP COLUMN apr;

-- The spec's repayment_amount becomes paise. numeric(12,2) × 100 is a whole number, so the cast is exact.
ALTER TABLE leads ADD COLUMN repayment_amount_paise bigint CHECK (repayment_amount_paise >= 0);
UPDATE leads SET repayment_amount_paise = (repayment_amount * 100)::bigint WHERE repayment_amount IS NOT NULL;
ALTER TABLE leads DROP COLUMN repayment_amount;
