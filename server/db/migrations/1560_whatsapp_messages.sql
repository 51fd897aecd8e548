-- Issue 34: every WhatsApp message we hand to the Cloud API (or, in sandbox mode, to the sandbox provider),
-- and what the webhook later says of it. A row is written when the API answers: `accepted` with its wamid,
-- `failed` when the API refused it (error code and title kept), `unknown` when no answer came (a timeout:
-- the message may have gone, so it is never read as failed). The webhook moves `status` forward only, by
-- rank: accepted/unknown 0 < sent 1 < failed 2 < delivered 3 < read 4, so a replayed or late status changes
-- nothing and "read then delivered" stays read. The wamid is unique: one row per message Meta knows.
-- (1550 is taken by the ONDC outbox on its own branch.)
CREATE TABLE IF NOT EXISTS whatsapp_messages (
  id bigserial PRIMARY KEY,
  wamid text UNIQUE,
  to_mobile text NOT NULL,
  template text NOT NULL,
  lang text NOT NULL CHECK (lang IN ('en', 'hi')),
  parameters jsonb NOT NULL DEFAULT '[]'::jsonb,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('accepted', 'unknown', 'sent', 'failed', 'delivered', 'read')),
  error_code integer,
  error_title text,
  created_at timestamptz NOT NULL,
  status_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS whatsapp_messages_to_idx ON whatsapp_messages (to_mobile, created_at);

-- What customers write to our WhatsApp number: one row per inbound message id (a replayed webhook adds
-- nothing). `stop` marks a reply that asks us to stop (STOP, UNSUBSCRIBE, रोकें …).
CREATE TABLE IF NOT EXISTS whatsapp_replies (
  id bigserial PRIMARY KEY,
  wamid text NOT NULL UNIQUE,
  from_mobile text NOT NULL,
  type text NOT NULL,
  body text,
  stop boolean NOT NULL DEFAULT false,
  -- What the STOP did: 'withdrawn' (the consent), 'not_granted', 'no_customer', or null for other replies.
  action text,
  sent_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS whatsapp_replies_from_idx ON whatsapp_replies (from_mobile, received_at);
