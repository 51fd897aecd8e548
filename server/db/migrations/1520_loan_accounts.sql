-- The loan account in its own table (issue 31, decision 45). The lead stays the application (proposal,
-- quote decision, credit review); the account holds what the loan is: its status, number, disbursal
-- date, rejection and closure. Written only by server/modules/loans, through one transition function.
-- Every lead has exactly one account, opened with it: the status runs from IN_PROCESS, so an account
-- only from sanction would leave the early statuses on the lead and give status two homes again.
-- The account's key is the lead's id, the key of its loan_terms row and of its ledger entries' loan_id.

-- The composite key lets the account carry the customer (for the one-open rule) and never disagree.
ALTER TABLE leads ADD CONSTRAINT leads_id_profile_key UNIQUE (id, profile_id);

CREATE TABLE loan_accounts (
  lead_id uuid PRIMARY KEY,
  profile_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'IN_PROCESS'
    CHECK (status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED', 'CLOSED', 'REJECTED')),
  -- Kept after a returned payout (the customer was told it; a new payout reuses it). Never reused.
  loan_no text UNIQUE,
  disbursal_date date,
  rejection_reason text,
  status_changed_at timestamptz NOT NULL,
  -- When nothing was left due (decision 30); cleared if the bank returns the payout after closure.
  closed_at timestamptz,
  FOREIGN KEY (lead_id, profile_id) REFERENCES leads (id, profile_id) ON DELETE CASCADE,
  CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
);
-- At most one application in flight or loan disbursed per customer (was leads_one_open_idx).
CREATE UNIQUE INDEX loan_accounts_one_open_idx ON loan_accounts (profile_id) WHERE status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED');
-- The credit and payout queues (was leads_status_idx).
CREATE INDEX loan_accounts_status_idx ON loan_accounts (status, status_changed_at);

-- Every lead's account, its values exactly as they were. A closed loan's last status change was its
-- closure (CLOSED moves on only to SANCTIONED, which is then its status), so closed_at is that time.
INSERT INTO loan_accounts (lead_id, profile_id, status, loan_no, disbursal_date, rejection_reason, status_changed_at, closed_at)
SELECT id, profile_id, status, loan_no, disbursal_date, rejection_reason, status_changed_at,
  CASE WHEN status = 'CLOSED' THEN status_changed_at END
FROM leads;

-- Each status change, in order: the account's own audit (who or what moved it, and why). Written in the
-- move's transaction. Staff decisions are also in the back office audit log, as before.
CREATE TABLE loan_status_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES loan_accounts(lead_id) ON DELETE CASCADE,
  from_status text NOT NULL,
  to_status text NOT NULL,
  -- The named move of the transition table (loan-account.service.ts), e.g. sanction, disburse, close.
  move text NOT NULL,
  -- A staff id for a desk's decision; null for the customer's or a provider's event.
  changed_by text,
  changed_at timestamptz NOT NULL
);
CREATE INDEX loan_status_changes_lead_idx ON loan_status_changes (lead_id, id);

-- The moved columns leave the lead, with the index and constraint that used them.
DROP INDEX IF EXISTS leads_one_open_idx;
DROP INDEX IF EXISTS leads_status_idx;
ALTER TABLE leads DROP COLUMN status;
ALTER TABLE leads DROP COLUMN loan_no;
ALTER TABLE leads DROP COLUMN disbursal_date;
ALTER TABLE leads DROP COLUMN rejection_reason;
ALTER TABLE leads DROP COLUMN status_changed_at;
