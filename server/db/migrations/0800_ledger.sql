-- The ledger (decision 27): every money movement is a balanced double-entry journal entry,
-- amounts in integer paise. server/modules/ledger is the only writer.

-- One journal entry per money event. The idempotency key (e.g. payout:<loan id>,
-- razorpay:pay_…) makes a retried or duplicated event post once.
CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Posting order, for statements (several entries can share a day and a created_at).
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 3 AND 200),
  kind text NOT NULL CHECK (kind IN ('disbursal', 'interest_accrual', 'penal_accrual', 'repayment', 'refund', 'reversal')),
  -- A loan is a disbursed lead (decision 26): its id is the lead id. Restrict: money history is never deleted with a lead.
  loan_id uuid REFERENCES leads(id) ON DELETE RESTRICT,
  -- The India calendar day the movement counts for (interest days, statements).
  effective_on date NOT NULL,
  -- When the event happened (payment captured, payout sent); created_at is when it was recorded.
  occurred_at timestamptz NOT NULL,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_loan_idx ON ledger_entries (loan_id, effective_on);

-- The lines of an entry. Amount is always positive; side says debit or credit.
CREATE TABLE ledger_postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES ledger_entries(id) ON DELETE CASCADE,
  line_no smallint NOT NULL CHECK (line_no >= 1),
  account text NOT NULL CHECK (account IN (
    'principal_receivable', 'interest_receivable', 'penal_receivable', 'interest_income', 'penal_income',
    'fee_income', 'gst_payable', 'customer_excess', 'round_off',
    'bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer'
  )),
  -- Set for the per-loan accounts, empty for the lender's bank and clearing accounts.
  loan_id uuid REFERENCES leads(id) ON DELETE RESTRICT,
  side text NOT NULL CHECK (side IN ('debit', 'credit')),
  amount bigint NOT NULL CHECK (amount > 0),
  UNIQUE (entry_id, line_no),
  CHECK ((account IN ('bank', 'clearing_razorpay', 'clearing_payu', 'clearing_phonepe', 'clearing_bank_transfer')) = (loan_id IS NULL))
);
CREATE INDEX ledger_postings_loan_idx ON ledger_postings (loan_id, account);
CREATE INDEX ledger_postings_account_idx ON ledger_postings (account);

-- Balanced entries: checked at commit (deferred), so an entry and its postings can be written
-- in any order inside one transaction. The service checks first and gives a clear error; this
-- catches any other writer.
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  entry uuid;
  lines integer;
  net numeric;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  SELECT count(*), coalesce(sum(CASE WHEN side = 'debit' THEN amount ELSE -amount END), 0)
    INTO lines, net FROM ledger_postings WHERE entry_id = entry;
  IF NOT EXISTS (SELECT 1 FROM ledger_entries WHERE id = entry) THEN
    RETURN NULL;
  END IF;
  IF lines < 2 OR net <> 0 THEN
    RAISE EXCEPTION 'ledger entry % is not balanced (% lines, debits - credits = %)', entry, lines, net
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$fn$;

CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

-- Append-only: a posted entry is corrected by a reversing entry, never edited. Only sandbox demo
-- data may be removed, inside a transaction that sets ledger.allow_discard (server/modules/ledger).
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('ledger.allow_discard', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$fn$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
