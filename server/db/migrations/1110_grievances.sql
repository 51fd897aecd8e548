-- Issue 22: grievances with deadlines, and the collection rules the server enforces.
-- A new staff role answers complaints (the admin may too).
ALTER TABLE staff_accounts DROP CONSTRAINT IF EXISTS staff_accounts_role_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_role_check
  CHECK (role IN ('credit_manager','credit_head','disbursal','collections','accounts','admin','auditor','grievance_officer'));

-- One complaint. A signed-in customer's names their profile; a public one carries the name and the
-- mobile or e-mail given (no profile). The loan, when named, is one of the complainant's own.
CREATE TABLE grievances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE,
  profile_id uuid REFERENCES customer_profiles(id) ON DELETE RESTRICT,
  lead_id uuid REFERENCES leads(id) ON DELETE RESTRICT,
  loan_no text,
  category text NOT NULL CHECK (category IN ('loan_application','repayment','charges','collection_conduct','credit_bureau','service','other')),
  description text NOT NULL CHECK (length(description) BETWEEN 10 AND 2000),
  name text,
  mobile text,
  email text,
  source text NOT NULL CHECK (source IN ('dashboard', 'public')),
  attachment_key text,
  attachment_type text,
  attachment_bytes integer,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'escalated', 'resolved', 'closed')),
  raised_at timestamptz NOT NULL,
  escalated_at timestamptz,
  ombudsman_notice_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  CHECK (profile_id IS NOT NULL OR mobile IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX grievances_status_idx ON grievances (status, raised_at);
CREATE INDEX grievances_profile_idx ON grievances (profile_id, raised_at);

-- What happened to a complaint, oldest first: the officers' replies (seen by the customer) and the
-- steps (escalated, ombudsman notice, resolved, closed). staff_id is null for the daily job's steps.
CREATE TABLE grievance_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grievance_id uuid NOT NULL REFERENCES grievances(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('reply', 'escalated', 'ombudsman_notice', 'resolved', 'closed')),
  body text,
  staff_id text,
  at timestamptz NOT NULL
);
CREATE INDEX grievance_events_grievance_idx ON grievance_events (grievance_id, at);

-- Every collections contact records its outcome, and the agent and agency when made through one.
ALTER TABLE collection_contacts ADD COLUMN outcome text
  CHECK (outcome IN ('promised_to_pay', 'paid', 'no_answer', 'wrong_number', 'refused', 'call_back', 'other'));
ALTER TABLE collection_contacts ADD COLUMN agent_name text;
ALTER TABLE collection_contacts ADD COLUMN agency_name text;
ALTER TABLE collection_contacts ADD CONSTRAINT collection_contacts_agent_check
  CHECK ((agent_name IS NULL) = (agency_name IS NULL));
