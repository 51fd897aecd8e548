-- Credit-bureau reporting (issue 22): the fortnightly TUDF data file as on the 15th and the last day
-- of each month, its submissions to the bureau with the bureau's per-record answer, and the notice
-- each borrower gets before a loan is first reported overdue.
CREATE TABLE bureau_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  period_start date NOT NULL,
  -- One file per period; a corrected record goes in the next period's file (decisions, issue 22).
  period_end date NOT NULL UNIQUE,
  -- The file itself, encrypted (it holds PANs), through the storage port.
  storage_key text NOT NULL,
  byte_size integer NOT NULL CHECK (byte_size > 0),
  sha256 text NOT NULL,
  record_count integer NOT NULL CHECK (record_count >= 0),
  -- Records left out whole: [{ leadId, loanNo, problems: [..] }], for accounts to put right.
  rejected jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- Null when the scheduled job built it.
  built_by text,
  built_by_email text,
  built_at timestamptz NOT NULL,
  CHECK (period_start <= period_end)
);

CREATE TABLE bureau_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_id uuid NOT NULL REFERENCES bureau_files(id) ON DELETE RESTRICT,
  bureau text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACCEPTED', 'PARTLY_ACCEPTED', 'REJECTED')),
  provider_reference text,
  accepted_count integer NOT NULL CHECK (accepted_count >= 0),
  rejected_count integer NOT NULL CHECK (rejected_count >= 0),
  -- The bureau's report: a file-level error and [{ position, loanNo, errors: [..] }].
  file_error text,
  record_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  submitted_by text NOT NULL,
  submitted_by_email text,
  submitted_at timestamptz NOT NULL
);
CREATE INDEX bureau_submissions_file_idx ON bureau_submissions (file_id, submitted_at);

-- RBI's 2024 credit-information directions: the borrower is told before the loan is first reported overdue; once per loan.
CREATE TABLE bureau_overdue_notices (
  lead_id uuid PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  by_email boolean NOT NULL DEFAULT false
);
