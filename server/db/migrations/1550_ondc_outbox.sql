-- Issue 32: the callbacks we owe buyer apps (on_search, on_select, … and the unsolicited on_status and
-- on_update). A row is written in the same transaction as the state it reports, so a callback is never
-- lost and never sent for a state that did not commit; the delivery job (and a best-effort try right
-- after the commit) posts it to {bap_uri}/{action}, signed, with the body's exact text as stored here.
-- Claiming is a lease: a runner sets claimed_until on the rows it takes (FOR UPDATE SKIP LOCKED), and
-- only the holder of claim_token records the result, so two instances never send one row twice.
CREATE TABLE IF NOT EXISTS ondc_outbox (
  id bigserial PRIMARY KEY,
  action text NOT NULL,
  transaction_id text NOT NULL,
  message_id text NOT NULL,
  bap_id text NOT NULL,
  bap_uri text NOT NULL,
  -- The JSON text exactly as it is signed and sent: each attempt signs these bytes again.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_until timestamptz,
  claim_token text,
  last_attempt_at timestamptz,
  -- The last attempt's outcome in our words: ACK, NACK with ONDC's code, HTTP status, timeout or network error.
  last_result text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  CONSTRAINT ondc_outbox_once UNIQUE (action, message_id)
);
CREATE INDEX IF NOT EXISTS ondc_outbox_due_idx ON ondc_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS ondc_outbox_transaction_idx ON ondc_outbox (transaction_id, created_at);
