-- Issue 33: CERSAI's Central KYC Records Registry (CKYCR).

-- The sandbox registry's own records (sandbox mode only): what CKYCR would hold, one per PAN, each with
-- its 14-digit identifier. `record` is the upload's fields as read back (images left out, their names kept).
CREATE TABLE IF NOT EXISTS sandbox_ckyc_records (
  ckyc_number text PRIMARY KEY CHECK (ckyc_number ~ '^[0-9]{14}$'),
  pan text NOT NULL UNIQUE,
  dob text NOT NULL,
  mobile text NOT NULL,
  record jsonb NOT NULL,
  -- The upload that created or last updated the record.
  reference text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Every upload the sandbox registry answered: an accepted reference (customer and version) is answered
-- the same when sent again; a rejected one may be corrected and sent again under the same reference.
CREATE TABLE IF NOT EXISTS sandbox_ckyc_uploads (
  id bigserial PRIMARY KEY,
  reference text NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACCEPTED', 'REJECTED')),
  ckyc_number text,
  reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  received_at timestamptz NOT NULL,
  CHECK ((status = 'ACCEPTED') = (ckyc_number IS NOT NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS sandbox_ckyc_uploads_accepted ON sandbox_ckyc_uploads (reference) WHERE status = 'ACCEPTED';

-- Our uploads of each customer's KYC record to CKYCR, one row per customer and version (a version is a
-- change of the customer's details): sent again only while not accepted, so an upload is idempotent per
-- customer and version. A rejection keeps the row with CKYCR's reasons until the record is corrected and
-- sent again; `attempts` counts the sends. NOT_SENT: our own checks refused the record (nothing sent).
CREATE TABLE IF NOT EXISTS ckyc_uploads (
  id bigserial PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customer_profiles (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  reference text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('NOT_SENT', 'SENDING', 'ACCEPTED', 'REJECTED', 'FAILED')),
  ckyc_number text CHECK (ckyc_number ~ '^[0-9]{14}$'),
  rejection_reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
  attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT ckyc_uploads_once UNIQUE (customer_id, version),
  CHECK ((status = 'ACCEPTED') = (ckyc_number IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS ckyc_uploads_open_idx ON ckyc_uploads (status) WHERE status <> 'ACCEPTED';
