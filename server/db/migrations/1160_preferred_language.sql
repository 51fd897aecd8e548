-- Issue 23: the language a signed-in customer chose (English or Hindi), so pages, messages, SMS,
-- e-mail and PDFs follow it on any device. NULL: not chosen yet (the lang cookie or the browser decides).
ALTER TABLE customer_profiles ADD COLUMN IF NOT EXISTS preferred_language text;
ALTER TABLE customer_profiles DROP CONSTRAINT IF EXISTS customer_profiles_preferred_language_check;
ALTER TABLE customer_profiles ADD CONSTRAINT customer_profiles_preferred_language_check CHECK (preferred_language IN ('en', 'hi'));
