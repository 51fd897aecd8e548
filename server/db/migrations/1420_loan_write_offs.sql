-- Write-off of an NPA (issue 29, decision 44): accounts enters it with a reason, a second person (the
-- credit head) approves or rejects it; both steps are audited. The ledger entry (kind write_off, key
-- write-off:<loan>) is posted on approval. The lead's status stays DISBURSED: the borrower still owes
-- the money, and what is paid later is recovery after write-off.
CREATE TABLE loan_write_offs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  reason text NOT NULL CHECK (length(reason) BETWEEN 10 AND 500),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  entered_by text NOT NULL,
  entered_by_email text,
  entered_at timestamptz NOT NULL,
  decided_by text,
  decided_by_email text,
  decided_at timestamptz,
  reject_reason text CHECK (length(reject_reason) <= 500),
  -- On approval: the day of the entry, the net book value written off and the provision it used.
  written_off_on date,
  amount_paise bigint CHECK (amount_paise >= 0),
  provision_used_paise bigint CHECK (provision_used_paise >= 0),
  -- Four eyes in the database as well as in the service.
  CHECK (decided_by IS NULL OR decided_by <> entered_by)
);
-- One write-off waiting or done per loan.
CREATE UNIQUE INDEX loan_write_offs_open_idx ON loan_write_offs (lead_id) WHERE status IN ('PENDING', 'APPROVED');
CREATE INDEX loan_write_offs_status_idx ON loan_write_offs (status, entered_at);
