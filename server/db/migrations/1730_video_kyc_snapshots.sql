-- Issue 33: the official's snapshots in a video KYC call (the customer's face, their PAN card): a JPEG of
-- the customer's video frame, its bytes in the storage port, its row here with the SHA-256 the audit chain
-- holds. A retake adds a row; the newest of a kind is the one that counts (the earlier ones stay, as the
-- call's record). An approval needs one of each.
CREATE TABLE IF NOT EXISTS video_kyc_snapshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL REFERENCES video_kyc_sessions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('face', 'pan')),
  storage_key text NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  taken_at timestamptz NOT NULL,
  official_id uuid NOT NULL REFERENCES staff_accounts (id)
);
CREATE INDEX IF NOT EXISTS video_kyc_snapshots_session ON video_kyc_snapshots (session_id, kind, taken_at);

-- The liveness action is stored as its key (the customer's page words it from the catalogue); sessions
-- taken before this stored the English words. Mapped once; a key already there is left as it is.
UPDATE video_kyc_sessions SET liveness_action = CASE liveness_action
    WHEN 'blink twice' THEN 'blink_twice'
    WHEN 'turn your head to the left' THEN 'turn_head_left'
    WHEN 'turn your head to the right' THEN 'turn_head_right'
    WHEN 'raise your right hand' THEN 'raise_right_hand'
    ELSE liveness_action
  END
  WHERE liveness_action IN ('blink twice', 'turn your head to the left', 'turn your head to the right', 'raise your right hand');
