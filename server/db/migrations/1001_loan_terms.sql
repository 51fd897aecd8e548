-- Each loan's own terms (decision 34, issue 20): fixed when the customer accepts the KFS and used
-- for the loan's whole life; a change of product configuration applies to new quotes only.
-- Written only by server/modules/loans. Rates in basis points (1% = 100), amounts in paise.
CREATE TABLE loan_terms (
  -- A lead with money cannot be deleted (the ledger restricts it); its terms go with a lead that can.
  lead_id uuid PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  principal_paise bigint NOT NULL CHECK (principal_paise > 0),
  interest_bps_per_day integer NOT NULL CHECK (interest_bps_per_day >= 0),
  penal_bps_per_day integer NOT NULL CHECK (penal_bps_per_day >= 0),
  penal_cap_bps integer NOT NULL CHECK (penal_cap_bps >= 0),
  cooling_off_days integer NOT NULL CHECK (cooling_off_days >= 0),
  processing_fee_bps integer NOT NULL CHECK (processing_fee_bps >= 0),
  gst_bps integer NOT NULL CHECK (gst_bps >= 0),
  fee_paise bigint NOT NULL CHECK (fee_paise >= 0),
  gst_paise bigint NOT NULL CHECK (gst_paise >= 0),
  net_disbursal_paise bigint NOT NULL CHECK (net_disbursal_paise > 0),
  interest_paise bigint NOT NULL CHECK (interest_paise >= 0),
  apr_bps integer NOT NULL CHECK (apr_bps >= 0),
  tenure_days integer NOT NULL CHECK (tenure_days > 0),
  repayment_date date NOT NULL,
  kfs_issued_on date NOT NULL,
  -- Set at disbursal: the cooling-off period runs from the payout (decision 35).
  cooling_off_ends_on date,
  fixed_at timestamptz NOT NULL
);

-- Loans quoted before this migration keep the figures their KFS showed under the product of the day
-- (1% a day, penal 0.5% a day capped at 25%, 3 days' cooling-off, fee 10%, GST 18%).
INSERT INTO loan_terms (lead_id, principal_paise, interest_bps_per_day, penal_bps_per_day, penal_cap_bps, cooling_off_days,
  processing_fee_bps, gst_bps, fee_paise, gst_paise, net_disbursal_paise, interest_paise, apr_bps, tenure_days,
  repayment_date, kfs_issued_on, cooling_off_ends_on, fixed_at)
SELECT q.lead_id, q.principal::bigint * 100, 100, 50, 2500, 3, 1000, 1800,
  round(q.processing_fee * 100)::bigint, round(q.gst * 100)::bigint, round(q.net_disbursal * 100)::bigint,
  round(q.interest * 100)::bigint, round(q.apr * 100)::integer, q.tenure_days,
  coalesce(l.repayment_date, q.repayment_date), q.issued_on,
  CASE WHEN l.disbursal_date IS NOT NULL THEN l.disbursal_date + 3 END, q.accepted_at
FROM loan_quotes q JOIN leads l ON l.id = q.lead_id;

-- Disbursed loans without a quote row (sandbox demo data) get the same product-of-the-day terms.
INSERT INTO loan_terms (lead_id, principal_paise, interest_bps_per_day, penal_bps_per_day, penal_cap_bps, cooling_off_days,
  processing_fee_bps, gst_bps, fee_paise, gst_paise, net_disbursal_paise, interest_paise, apr_bps, tenure_days,
  repayment_date, kfs_issued_on, cooling_off_ends_on, fixed_at)
SELECT l.id, l.loan_recommended::bigint * 100, 100, 50, 2500, 3, 1000, 1800,
  l.loan_recommended::bigint * 10, l.loan_recommended::bigint * 10 * 18 / 100,
  round((l.loan_recommended * 100 - l.loan_recommended * 10 - l.loan_recommended * 10 * 0.18) / 100.0)::bigint * 100,
  l.loan_recommended::bigint * l.tenure_days, 0, l.tenure_days, l.repayment_date, l.disbursal_date, l.disbursal_date + 3, l.updated_at
FROM leads l
WHERE l.status IN ('DISBURSED', 'CLOSED') AND l.loan_recommended IS NOT NULL AND l.tenure_days IS NOT NULL
  AND l.repayment_date IS NOT NULL AND l.disbursal_date IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM loan_terms t WHERE t.lead_id = l.id);
