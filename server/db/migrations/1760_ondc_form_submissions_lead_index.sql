-- The submissions of a lead, found by lead_id: the queues' "from an ONDC buyer app" filter and source column ask it
-- for every listed loan (lead-sources.service.ts), and the finder fee's accrual and the order callbacks join on it.
-- Without this index each of those read every submission of every transaction. Idempotent (the migration tests run it again).
CREATE INDEX IF NOT EXISTS ondc_form_submissions_lead_idx ON ondc_form_submissions (lead_id);
