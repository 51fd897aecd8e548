-- Issue 23: the day the data-retention job deleted or anonymised what an erasure had kept until
-- records_kept_until (decision 42). NULL: not purged yet. The job claims a profile by setting it once.
ALTER TABLE customer_profiles ADD COLUMN IF NOT EXISTS records_purged_at timestamptz;
CREATE INDEX IF NOT EXISTS customer_profiles_erased_idx ON customer_profiles (records_kept_until) WHERE erased_at IS NOT NULL AND records_purged_at IS NULL;
