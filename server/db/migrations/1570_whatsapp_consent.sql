-- Issue 34: the whatsapp_updates consent purpose (the borrower's notices on WhatsApp instead of SMS).
ALTER TABLE consents DROP CONSTRAINT IF EXISTS consents_purpose_check;
ALTER TABLE consents ADD CONSTRAINT consents_purpose_check
  CHECK (purpose IN ('lending_servicing','identity_checks','credit_bureau','account_aggregator','reminders','marketing','tracking','whatsapp_updates'));
