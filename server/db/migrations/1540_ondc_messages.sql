-- Issue 32: every ONDC message we accept, as received. A request is recorded only once its signature has
-- verified against the registry's key and its envelope has passed our schema; a refused one is answered
-- NACK and logged, never stored (anyone can send one, and a stored refusal would block the real message).
-- One row per (direction, action, message_id): a buyer app's retry of the same message is ACKed again and
-- acted on once. Callbacks we send will be rows with direction 'out' (the outbox, next step).
CREATE TABLE IF NOT EXISTS ondc_messages (
  id bigserial PRIMARY KEY,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  action text NOT NULL,
  transaction_id text NOT NULL,
  message_id text NOT NULL,
  bap_id text NOT NULL,
  bpp_id text,
  -- The signature's keyId ("subscriber_id|ukId|ed25519") and its result ('verified' for every inbound row).
  key_id text NOT NULL,
  signature text NOT NULL CHECK (signature IN ('verified', 'signed')),
  -- The body's exact text, as signed: verifying it again needs these bytes, not a re-serialised JSON.
  body text NOT NULL,
  received_at timestamptz NOT NULL,
  CONSTRAINT ondc_messages_once UNIQUE (direction, action, message_id)
);
CREATE INDEX IF NOT EXISTS ondc_messages_transaction_idx ON ondc_messages (transaction_id, received_at);
