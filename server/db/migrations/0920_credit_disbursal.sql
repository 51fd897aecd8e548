-- Credit review, sanction and disbursal (decisions 11, 26, 32). Staff ids are text: the staff
-- table belongs to the staff module and a lead's decisions must outlive a disabled account.

-- Who recommended and who decided, on the lead, so queues and four-eyes checks read one row.
ALTER TABLE leads ADD COLUMN recommendation text CHECK (recommendation IN ('SANCTION', 'REJECT'));
ALTER TABLE leads ADD COLUMN recommended_by text;
ALTER TABLE leads ADD COLUMN recommended_at timestamptz;
ALTER TABLE leads ADD COLUMN sanctioned_by text;
ALTER TABLE leads ADD COLUMN sanctioned_at timestamptz;
ALTER TABLE leads ADD COLUMN rejected_by text;
-- Set when a sanction found the KFS older than 3 working days: the customer must accept a fresh quote.
ALTER TABLE leads ADD COLUMN requote_requested_at timestamptz;
CREATE INDEX leads_status_idx ON leads (status, status_changed_at);

-- Every recommendation and decision, in order (the lead keeps only the latest).
CREATE TABLE credit_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('RECOMMENDATION', 'DECISION')),
  outcome text NOT NULL CHECK (outcome IN ('SANCTION', 'REJECT', 'REQUOTE')),
  reason_code text,
  note text CHECK (length(note) <= 1000),
  staff_id text NOT NULL,
  staff_role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_decisions_lead_idx ON credit_decisions (lead_id, created_at);

-- Loan numbers: SOT + yymm + this 6-digit sequence (decision 26). Never reused, even after a failed payout.
CREATE SEQUENCE loan_no_seq MINVALUE 1 MAXVALUE 999999 NO CYCLE;

-- One row per payout attempt. At most one attempt per loan is live or paid (partial unique index):
-- two staff pressing at once, or a repeated request, make one payout.
CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  attempt integer NOT NULL CHECK (attempt >= 1),
  idempotency_key text NOT NULL UNIQUE,
  provider text NOT NULL,
  provider_reference text UNIQUE,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
  utr text,
  failure_reason text,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (loan_id, attempt)
);
CREATE UNIQUE INDEX payouts_one_live_idx ON payouts (loan_id) WHERE status IN ('PENDING', 'SUCCESS');
