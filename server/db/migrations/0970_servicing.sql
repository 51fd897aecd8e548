-- Servicing (issue 13, decision 31): reminders sent once per loan and kind, the collections contact
-- log, the sandbox e-mail outbox, and the post-signing copies sent once per lead. pg-boss keeps its
-- own tables in the pgboss schema, which it creates and migrates itself when the job runner starts.
CREATE TABLE loan_reminders (
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('due_in_3', 'due_in_1', 'due_today', 'overdue_1', 'overdue_3', 'overdue_7')),
  due_on date NOT NULL,
  sent_at timestamptz NOT NULL,
  by_email boolean NOT NULL DEFAULT false,
  -- The once-per-loan guarantee across instances: a second insert of the same kind does nothing.
  PRIMARY KEY (lead_id, kind)
);

CREATE TABLE collection_contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  staff_id text NOT NULL,
  staff_email text,
  channel text NOT NULL CHECK (channel IN ('call', 'sms', 'email', 'whatsapp', 'visit')),
  note text NOT NULL CHECK (length(note) BETWEEN 3 AND 1000),
  contacted_at timestamptz NOT NULL
);
CREATE INDEX collection_contacts_lead_idx ON collection_contacts (lead_id, contacted_at);

CREATE TABLE email_outbox (
  id bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  sent_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE signed_copies_sent (
  lead_id uuid PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
