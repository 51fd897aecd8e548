-- Issue 32, the flow with account aggregator: the consent our account aggregator gave for an F01 that named the
-- person's aggregator handle (aa_id). on_select_1 carries it as CONSENT_HANDLER; the consent itself (its status,
-- the fetch) is the KYC module's aa_consents row, fetched when the journey reaches the statement step on F03.
ALTER TABLE ondc_form_submissions ADD COLUMN IF NOT EXISTS aa_consent_handle text;
