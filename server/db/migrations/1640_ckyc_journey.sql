-- Issue 33: CKYC in the customer's journey (search, download, confirm) and the upload job's state.

-- The ckyc consent purpose: asked before CKYCR is searched by the customer's PAN. (A migration that adds
-- another purpose after this one must keep 'ckyc' in the list.)
ALTER TABLE consents DROP CONSTRAINT IF EXISTS consents_purpose_check;
ALTER TABLE consents ADD CONSTRAINT consents_purpose_check
  CHECK (purpose IN ('lending_servicing','identity_checks','credit_bureau','account_aggregator','reminders','marketing','tracking','whatsapp_updates','video_kyc','ckyc'));

-- One row per customer: what the search by PAN found, the downloaded fields until the customer confirms
-- or declines them, what they confirmed, the father's or spouse's name CKYCR's record needs, and the
-- identifier (from the confirmed download or from our accepted upload). `corrections` are the CKYC desk's
-- fixes of a rejected record (field -> value), applied to the record sent, never to the profile.
CREATE TABLE IF NOT EXISTS ckyc_customers (
  customer_id uuid PRIMARY KEY REFERENCES customer_profiles (id) ON DELETE CASCADE,
  searched_at timestamptz,
  found boolean,
  masked_ckyc_number text,
  download_reference text,
  downloaded jsonb,
  downloaded_at timestamptz,
  confirmed jsonb,
  confirmed_at timestamptz,
  declined_at timestamptz,
  relative_kind text CHECK (relative_kind IN ('father', 'spouse')),
  relative_name text,
  ckyc_number text CHECK (ckyc_number ~ '^[0-9]{14}$'),
  corrections jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL,
  CHECK ((relative_kind IS NULL) = (relative_name IS NULL))
);

-- The upload job: each version records what it was built from (a hash of the customer's data, so a
-- change makes the next version) and when the customer was told the identifier by SMS (once per version).
ALTER TABLE ckyc_uploads ADD COLUMN IF NOT EXISTS record_hash text;
ALTER TABLE ckyc_uploads ADD COLUMN IF NOT EXISTS notified_at timestamptz;
