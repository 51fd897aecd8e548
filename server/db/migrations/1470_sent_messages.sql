-- Issue 30: every SMS and e-mail sent to a customer, so "download all my data" can list them (DPDP right of
-- access). Written after the provider accepted the message; a one-time code is stored masked. Deleted by the
-- data-retention job with the rest of a purged customer's records.
CREATE TABLE IF NOT EXISTS sent_messages (
  id bigserial PRIMARY KEY,
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  channel text NOT NULL,
  kind text NOT NULL,
  recipient text NOT NULL,
  lang text NOT NULL DEFAULT 'en',
  subject text,
  body text NOT NULL,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  sent_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sent_messages_profile_idx ON sent_messages (profile_id, sent_at);
-- An e-mail is matched to its customer by address, whatever its case: without this, each e-mail would read every profile.
CREATE INDEX IF NOT EXISTS customer_profiles_email_lower_idx ON customer_profiles (lower(personal_email));
