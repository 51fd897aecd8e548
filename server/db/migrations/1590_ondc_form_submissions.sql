-- Issue 32: a form of ours (F01 …) answered on our page for an ONDC transaction. submission_id is what the
-- buyer app quotes back in its select; profile_id is the customer whose mobile our own OTP verified (the same
-- customer as on the website); outcome is our eligibility rules' verdict, with the lead when eligible.
-- The form's values are written to the customer's profile by the profile steps, not kept here.
CREATE TABLE IF NOT EXISTS ondc_form_submissions (
  submission_id uuid PRIMARY KEY,
  form_id text NOT NULL,
  transaction_id text NOT NULL,
  profile_id uuid NOT NULL REFERENCES customer_profiles (id) ON DELETE CASCADE,
  lead_id uuid,
  outcome text NOT NULL CHECK (outcome IN ('eligible', 'not_eligible')),
  reason text,
  -- The ONDC error code the select is answered with when our rules refused (80225 PIN code, 80226 bureau, else 80203).
  reject_code text,
  end_use text,
  -- F02 "Set Loan Amount": the F01 submission it continues, and the amount (rupees) and term (days) asked.
  parent_submission_id uuid REFERENCES ondc_form_submissions (submission_id) ON DELETE CASCADE,
  request_amount integer,
  request_term integer,
  -- The offer on_select reported, written in the transaction that wrote that on_select to the outbox; the
  -- KFS page (KFS_LINK) is built again from these with the KFS code, so it states the same figures.
  proposal_number text,
  offer_principal integer,
  offer_tenure_days integer,
  offer_repayment_date date,
  offer_issued_on date,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ondc_form_submissions_transaction_idx ON ondc_form_submissions (transaction_id, created_at);
CREATE INDEX IF NOT EXISTS ondc_form_submissions_profile_idx ON ondc_form_submissions (profile_id);
