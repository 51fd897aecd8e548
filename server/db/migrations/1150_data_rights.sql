-- Issue 23 (DPDP Act 2023, Rules 2025; decision 42): consent per purpose, append-only, and the
-- borrower's rights requests handled in the back office by the data protection officer.
CREATE TABLE consents (
  id bigserial PRIMARY KEY,
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE RESTRICT,
  purpose text NOT NULL CHECK (purpose IN ('lending_servicing','identity_checks','credit_bureau','account_aggregator','reminders','marketing','tracking')),
  action text NOT NULL CHECK (action IN ('grant', 'withdraw')),
  notice_version integer NOT NULL CHECK (notice_version >= 1),
  language text NOT NULL CHECK (language IN ('en', 'hi')),
  -- Where it was given: sign_in, my_data, a journey step, or erasure.
  source text NOT NULL CHECK (length(source) <= 40),
  at timestamptz NOT NULL
);
CREATE INDEX consents_profile_idx ON consents (profile_id, purpose, id);
-- Evidence of consent is never rewritten: a withdrawal is a new row.
CREATE TRIGGER consents_append_only BEFORE UPDATE OR DELETE ON consents
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();

CREATE TABLE data_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE RESTRICT,
  kind text NOT NULL CHECK (kind IN ('correction', 'erasure')),
  details text CHECK (length(details) <= 1000),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DONE', 'REJECTED')),
  requested_at timestamptz NOT NULL,
  due_on date NOT NULL,
  handled_by text,
  handled_by_email text,
  handled_at timestamptz,
  outcome text CHECK (length(outcome) <= 1000),
  -- An erasure keeps loan records until this date (five years after the last loan closed).
  records_kept_until date
);
CREATE UNIQUE INDEX data_requests_one_open_per_kind ON data_requests (profile_id, kind) WHERE status = 'OPEN';
CREATE INDEX data_requests_status_idx ON data_requests (status, due_on);

ALTER TABLE customer_profiles ADD COLUMN erased_at timestamptz;
ALTER TABLE customer_profiles ADD COLUMN records_kept_until date;

ALTER TABLE staff_accounts DROP CONSTRAINT staff_accounts_role_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_role_check
  CHECK (role IN ('credit_manager','credit_head','disbursal','collections','accounts','admin','auditor','data_protection','grievance_officer'));
