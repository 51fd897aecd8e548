-- Issue 32: each change of an ONDC loan's state (sanctioned, refused, paid out, closed) reported to its buyer app
-- once. A row claims a change: written in the transaction that writes the unsolicited on_status to the outbox,
-- keyed by the loan's own status change, so two instances or two runs of the job never report it twice.
CREATE TABLE IF NOT EXISTS ondc_order_reports (
  status_change_id bigint PRIMARY KEY REFERENCES loan_status_changes(id) ON DELETE CASCADE,
  transaction_id text NOT NULL,
  message_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ondc_order_reports_transaction_idx ON ondc_order_reports (transaction_id, created_at);
