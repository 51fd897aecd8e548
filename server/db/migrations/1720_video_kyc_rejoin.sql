-- Issue 33: a dropped video KYC call, a second device, and the recordings' re-check. When the customer's
-- side was last connected (their signalling stream open, refreshed at its 15 s heartbeat, or last seen when
-- it closed); the browser's random id of the device (tab) whose stream is the call's now; what the official
-- may weigh (another device joined); and DROPPED: the customer gone more than 10 minutes, the call ended by
-- no one's decision. A dropped session, like a rejected one, lets the customer start again.
ALTER TABLE video_kyc_sessions ADD COLUMN IF NOT EXISTS customer_seen_at timestamptz;
ALTER TABLE video_kyc_sessions ADD COLUMN IF NOT EXISTS customer_device text;
ALTER TABLE video_kyc_sessions ADD COLUMN IF NOT EXISTS call_events jsonb;
ALTER TABLE video_kyc_sessions ADD COLUMN IF NOT EXISTS dropped_at timestamptz;

ALTER TABLE video_kyc_sessions DROP CONSTRAINT IF EXISTS video_kyc_sessions_status_check;
ALTER TABLE video_kyc_sessions ADD CONSTRAINT video_kyc_sessions_status_check
  CHECK (status IN ('STARTED', 'IDENTITY_READ', 'WAITING', 'IN_CALL', 'APPROVED', 'REJECTED', 'DROPPED'));
ALTER TABLE video_kyc_sessions DROP CONSTRAINT IF EXISTS video_kyc_sessions_dropped_check;
ALTER TABLE video_kyc_sessions ADD CONSTRAINT video_kyc_sessions_dropped_check
  CHECK ((status = 'DROPPED') = (dropped_at IS NOT NULL));

DROP INDEX IF EXISTS video_kyc_sessions_live;
CREATE UNIQUE INDEX IF NOT EXISTS video_kyc_sessions_live ON video_kyc_sessions (lead_id)
  WHERE status NOT IN ('REJECTED', 'DROPPED') AND (audit_outcome IS NULL OR audit_outcome <> 'OVERTURNED');
-- The job's sweep of calls whose customer has gone.
CREATE INDEX IF NOT EXISTS video_kyc_sessions_in_call ON video_kyc_sessions (customer_seen_at) WHERE status = 'IN_CALL';

-- The re-check of closed recordings against their audit entry: when each was last checked and what it found.
ALTER TABLE video_kyc_recordings ADD COLUMN IF NOT EXISTS checked_at timestamptz;
ALTER TABLE video_kyc_recordings ADD COLUMN IF NOT EXISTS check_result text;
ALTER TABLE video_kyc_recordings DROP CONSTRAINT IF EXISTS video_kyc_recordings_check_result_check;
ALTER TABLE video_kyc_recordings ADD CONSTRAINT video_kyc_recordings_check_result_check
  CHECK (check_result IS NULL OR check_result IN ('MATCHES', 'MISMATCH', 'MISSING'));
