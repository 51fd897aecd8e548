-- Issue 33: the video KYC call's recordings. The official's browser records two streams (its own camera and
-- the customer's, one recording each) and uploads them in chunks as the call runs; each chunk's bytes go to
-- the storage port, its row here. The call's decision finalises each recording: the SHA-256 over its chunks
-- in order, written here and into the audit chain. A call cut mid-way keeps what was uploaded.
-- (Numbered 1660: 1650 is taken on main by the eSign return address.)
CREATE TABLE IF NOT EXISTS video_kyc_recordings (
  id uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES video_kyc_sessions (id) ON DELETE CASCADE,
  stream text NOT NULL CHECK (stream IN ('official', 'customer')),
  official_id uuid NOT NULL REFERENCES staff_accounts (id),
  created_at timestamptz NOT NULL,
  chunk_count integer,
  size_bytes bigint,
  started_at timestamptz,
  ended_at timestamptz,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  finalised_at timestamptz,
  CHECK ((finalised_at IS NULL) = (sha256 IS NULL))
);
CREATE INDEX IF NOT EXISTS video_kyc_recordings_session ON video_kyc_recordings (session_id);

CREATE TABLE IF NOT EXISTS video_kyc_recording_chunks (
  recording_id uuid NOT NULL REFERENCES video_kyc_recordings (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 0),
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  storage_key text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (recording_id, seq),
  CHECK (ended_at >= started_at)
);
