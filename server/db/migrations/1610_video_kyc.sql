-- Issue 33: video KYC (V-CIP, RBI Master Direction on KYC, section 18), its server-side backbone.
-- (Numbered 1610: 1590 and 1600 are taken on main by the ONDC form submissions and the WhatsApp fallback.)

-- The video_kyc consent purpose: asked when the customer starts a video KYC.
ALTER TABLE consents DROP CONSTRAINT IF EXISTS consents_purpose_check;
ALTER TABLE consents ADD CONSTRAINT consents_purpose_check
  CHECK (purpose IN ('lending_servicing','identity_checks','credit_bureau','account_aggregator','reminders','marketing','tracking','whatsapp_updates','video_kyc'));

-- The video_kyc staff role: the officials who take the calls (two factors, as every staff member).
ALTER TABLE staff_accounts DROP CONSTRAINT IF EXISTS staff_accounts_role_check;
ALTER TABLE staff_accounts ADD CONSTRAINT staff_accounts_role_check
  CHECK (role IN ('credit_manager','credit_head','disbursal','collections','accounts','admin','auditor','data_protection','grievance_officer','video_kyc'));

-- One row per video KYC attempt of an application (lead). STARTED (consent recorded) → IDENTITY_READ (the
-- offline e-KYC file checked; its fields kept, the photo in the storage port, never the file or its share
-- code) → WAITING (queued, with the browser's location) → IN_CALL (taken by one official) → APPROVED or
-- REJECTED (with the reason; an approval carries every RBI check ticked) → audited by a second person
-- (audit_outcome). One live attempt per lead: a rejected attempt, or an approval the audit overturned,
-- lets the customer start again.
CREATE TABLE IF NOT EXISTS video_kyc_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES customer_profiles (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('STARTED', 'IDENTITY_READ', 'WAITING', 'IN_CALL', 'APPROVED', 'REJECTED')),
  consent_notice_version integer NOT NULL,
  consent_language text NOT NULL,
  started_at timestamptz NOT NULL,
  -- From the offline e-KYC file, as signed by UIDAI.
  aadhaar_last4 text CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
  ekyc_generated_at timestamptz,
  name text,
  dob date,
  gender text CHECK (gender IN ('M', 'F', 'T')),
  address jsonb,
  photo_key text,
  mobile_matches boolean,
  identity_read_at timestamptz,
  -- The browser's location when the customer joined the queue (degrees; accuracy in metres).
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  location_accuracy_m double precision CHECK (location_accuracy_m >= 0),
  queued_at timestamptz,
  official_id uuid REFERENCES staff_accounts (id),
  liveness_action text,
  taken_at timestamptz,
  checks jsonb,
  decision_reason text,
  decided_at timestamptz,
  auditor_id uuid REFERENCES staff_accounts (id),
  audit_outcome text CHECK (audit_outcome IN ('CONFIRMED', 'OVERTURNED')),
  audit_note text,
  audited_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK (status IN ('STARTED') OR identity_read_at IS NOT NULL),
  CHECK (status NOT IN ('WAITING', 'IN_CALL', 'APPROVED', 'REJECTED') OR queued_at IS NOT NULL),
  CHECK (status NOT IN ('IN_CALL', 'APPROVED', 'REJECTED') OR official_id IS NOT NULL),
  CHECK (status NOT IN ('APPROVED', 'REJECTED') OR (decided_at IS NOT NULL AND decision_reason IS NOT NULL)),
  CHECK ((audit_outcome IS NULL) = (audited_at IS NULL)),
  CHECK (audited_at IS NULL OR (status IN ('APPROVED', 'REJECTED') AND auditor_id IS NOT NULL AND auditor_id <> official_id))
);
CREATE UNIQUE INDEX IF NOT EXISTS video_kyc_sessions_live ON video_kyc_sessions (lead_id)
  WHERE status <> 'REJECTED' AND (audit_outcome IS NULL OR audit_outcome <> 'OVERTURNED');
CREATE INDEX IF NOT EXISTS video_kyc_sessions_queue ON video_kyc_sessions (queued_at) WHERE status = 'WAITING';
CREATE INDEX IF NOT EXISTS video_kyc_sessions_profile ON video_kyc_sessions (profile_id);
