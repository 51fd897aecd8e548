-- Manual journals with four eyes and period close (issue 29, decision 44; docs/decisions.md "The general
-- ledger an auditor signs"). A journal touches the lender's own accounts only; one person in accounts enters
-- it, another approves it, and approval posts it (ledger key journal:<id>). A month, once closed, is closed
-- for good: no ledger entry may be dated in it, whoever writes it.
CREATE TABLE manual_journals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The day the entry counts for (India date); it must be in an open period when it is posted.
  effective_on date NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 5 AND 500),
  -- [{ "account": "bank", "side": "debit", "amount": 500000000 }, ...], paise, balanced (checked by the service and the ledger).
  lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) BETWEEN 2 AND 20),
  -- The debits' total, for the lists.
  total_paise bigint NOT NULL CHECK (total_paise > 0),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  entered_by text NOT NULL,
  entered_by_email text,
  entered_at timestamptz NOT NULL,
  decided_by text,
  decided_by_email text,
  decided_at timestamptz,
  reject_reason text CHECK (length(reject_reason) <= 500),
  ledger_entry_id uuid REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  -- Four eyes in the database as well as in the service.
  CHECK (decided_by IS NULL OR decided_by <> entered_by),
  CHECK ((status = 'PENDING') = (decided_by IS NULL)),
  CHECK ((status = 'APPROVED') = (ledger_entry_id IS NOT NULL))
);
CREATE INDEX manual_journals_status_idx ON manual_journals (status, entered_at);

-- One row per closed month (its first day). Months close in order, so every day up to the end of the
-- latest closed month is closed.
CREATE TABLE ledger_closed_months (
  month date PRIMARY KEY CHECK (extract(day FROM month) = 1),
  closed_by text NOT NULL,
  closed_by_email text,
  closed_at timestamptz NOT NULL
);

-- A close is not undone.
CREATE FUNCTION ledger_closed_months_final() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'a closed period is never reopened (% on ledger_closed_months)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$fn$;
CREATE TRIGGER ledger_closed_months_final BEFORE UPDATE OR DELETE ON ledger_closed_months
  FOR EACH ROW EXECUTE FUNCTION ledger_closed_months_final();

-- No entry dated in a closed period, whoever writes it (the service refuses first, with a clear message).
CREATE FUNCTION ledger_entry_open_period() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  last_closed date;
BEGIN
  SELECT max(month) INTO last_closed FROM ledger_closed_months;
  IF last_closed IS NOT NULL AND NEW.effective_on < (last_closed + interval '1 month')::date THEN
    RAISE EXCEPTION 'ledger entry % is dated %, in a closed period (the books are closed to the end of %)',
      NEW.idempotency_key, NEW.effective_on, to_char(last_closed, 'Mon YYYY') USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER ledger_entries_open_period BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_open_period();
