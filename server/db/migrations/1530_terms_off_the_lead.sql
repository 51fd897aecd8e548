-- Issue 31: a loan's terms come from its loan_terms row, and only from it. The lead's copies of them
-- (principal, tenure, repayment date, rate) go; the spec's replies that name them (loan_recommended,
-- tenure, repayment_date, roi) read the terms row. roi was the last numeric column of the schema.

-- The copies were written only by the quote's acceptance, in the transaction that fixes the terms row
-- (migration 1510 made the row for any accepted quote that lacked one). A lead with a copy and no terms
-- row would lose the only record of its loan here: stop and let someone look instead.
DO $$
DECLARE
  orphan uuid;
BEGIN
  SELECT l.id INTO orphan FROM leads l
  WHERE (l.loan_recommended IS NOT NULL OR l.tenure_days IS NOT NULL OR l.repayment_date IS NOT NULL OR l.roi IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM loan_terms t WHERE t.lead_id = l.id)
  LIMIT 1;
  IF orphan IS NOT NULL THEN
    RAISE EXCEPTION 'lead % has terms on the lead and no loan_terms row: give it its terms row before migration 1530', orphan;
  END IF;
END $$;

ALTER TABLE leads
  DROP COLUMN loan_recommended,
  DROP COLUMN tenure_days,
  DROP COLUMN repayment_date,
  DROP COLUMN roi;

-- The payout check (decision 35) refuses a loan shorter than the product allowed: that minimum is now
-- the loan's own, fixed at its KFS like its rates, so a later change of product does not touch it.
-- Every earlier KFS was issued under a shortest tenure of 7 days.
ALTER TABLE loan_terms ADD COLUMN min_tenure_days integer;
UPDATE loan_terms SET min_tenure_days = 7;
ALTER TABLE loan_terms ALTER COLUMN min_tenure_days SET NOT NULL, ADD CONSTRAINT loan_terms_min_tenure_days_check CHECK (min_tenure_days > 0);
