-- Bank statements of the lender's account (issue 29): each import, and each line stored once per
-- account and line identity, so the same or an overlapping statement imported again adds nothing.
-- A line is matched to at most one counter-document and a document to at most one line: an approved
-- bank transfer (posted: Dr bank, Cr clearing_bank_transfer), a payout, a payout's return, or a
-- gateway settlement (confirmed, nothing posted).
CREATE TABLE bank_statement_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_no text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'mt940')),
  file_name text NOT NULL,
  statement_ref text NOT NULL,
  opening_balance_paise bigint,
  closing_balance_paise bigint,
  from_on date NOT NULL,
  to_on date NOT NULL,
  line_count integer NOT NULL,
  new_line_count integer NOT NULL,
  imported_by text NOT NULL,
  imported_by_email text,
  imported_at timestamptz NOT NULL
);

CREATE TABLE bank_statement_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_no text NOT NULL,
  fingerprint text NOT NULL,
  import_id uuid NOT NULL REFERENCES bank_statement_imports(id) ON DELETE RESTRICT,
  booked_on date NOT NULL,
  value_on date NOT NULL,
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  reference text NOT NULL,
  narration text NOT NULL,
  balance_paise bigint,
  match_kind text CHECK (match_kind IN ('bank_transfer', 'payout', 'payout_return', 'settlement')),
  bank_transfer_id uuid REFERENCES bank_transfers(id) ON DELETE RESTRICT,
  payout_id uuid REFERENCES payouts(id) ON DELETE RESTRICT,
  settlement_row_id uuid REFERENCES gateway_settlements(id) ON DELETE RESTRICT,
  ledger_entry_id uuid REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  matched_at timestamptz,
  matched_by text,
  matched_by_email text,
  match_note text,
  UNIQUE (account_no, fingerprint),
  CHECK ((match_kind IS NULL) = (matched_at IS NULL))
);
CREATE UNIQUE INDEX bank_statement_lines_transfer_idx ON bank_statement_lines (bank_transfer_id) WHERE bank_transfer_id IS NOT NULL;
CREATE UNIQUE INDEX bank_statement_lines_payout_idx ON bank_statement_lines (payout_id, match_kind) WHERE payout_id IS NOT NULL;
CREATE UNIQUE INDEX bank_statement_lines_settlement_idx ON bank_statement_lines (settlement_row_id) WHERE settlement_row_id IS NOT NULL;
CREATE INDEX bank_statement_lines_open_idx ON bank_statement_lines (value_on) WHERE match_kind IS NULL;
