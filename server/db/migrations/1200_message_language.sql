-- Issue 23: the sandbox outboxes record the language each SMS and e-mail went out in.
ALTER TABLE sms_outbox ADD COLUMN IF NOT EXISTS lang text NOT NULL DEFAULT 'en';
ALTER TABLE email_outbox ADD COLUMN IF NOT EXISTS lang text NOT NULL DEFAULT 'en';
-- A complaint from the public form (no profile) is answered in the language it was raised in.
ALTER TABLE grievances ADD COLUMN IF NOT EXISTS language text;
ALTER TABLE grievances DROP CONSTRAINT IF EXISTS grievances_language_check;
ALTER TABLE grievances ADD CONSTRAINT grievances_language_check CHECK (language IN ('en', 'hi'));
