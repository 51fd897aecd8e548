-- Onboarding and eligibility (issue 3): the five profile steps, uploads, eligibility checks and leads.

ALTER TABLE customer_profiles
  ADD COLUMN first_name text,
  ADD COLUMN full_name text,
  -- PAN: AES-256-GCM ciphertext, a keyed hash for lookup and duplicates, and the last 4 for display (decision 18).
  ADD COLUMN pancard_enc text,
  ADD COLUMN pancard_hash text,
  ADD COLUMN pancard_last4 text,
  ADD COLUMN pancard_verified_status integer NOT NULL DEFAULT 0,
  ADD COLUMN pancard_verified_at timestamptz,
  ADD COLUMN personal_email text,
  ADD COLUMN dob date,
  ADD COLUMN gender integer,
  ADD COLUMN marital_status_id integer,
  ADD COLUMN spouse_name text,
  ADD COLUMN spouse_mobile text,
  ADD COLUMN residence_type_id integer,
  ADD COLUMN residence_address_1 text,
  ADD COLUMN residence_address_2 text,
  ADD COLUMN residence_landmark text,
  ADD COLUMN residence_pincode text,
  ADD COLUMN residence_city text,
  ADD COLUMN residence_state text,
  ADD COLUMN income_type_id integer,
  ADD COLUMN monthly_income integer,
  ADD COLUMN salary_date date,
  ADD COLUMN salary_mode integer,
  ADD COLUMN selfie_file_id uuid;

CREATE UNIQUE INDEX customer_profiles_pancard_hash_idx ON customer_profiles (pancard_hash);

-- Customer files (selfie now; documents later). Only a random storage key is kept, never a user file name.
CREATE TABLE uploaded_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid,
  kind text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  byte_size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploaded_files_profile_idx ON uploaded_files (profile_id, kind);

-- Leads (decision 11). Later issues add quote, KYC, banking and disbursal columns with their own migrations.
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'IN_PROCESS'
    CHECK (status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED', 'CLOSED', 'REJECTED')),
  loan_no text UNIQUE,
  user_type text NOT NULL,
  monthly_income integer NOT NULL,
  offer_min_amount integer NOT NULL,
  offer_max_amount integer NOT NULL,
  eligibility_check_id uuid,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  click_id text,
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_profile_idx ON leads (profile_id, created_at);
-- At most one lead in flight or disbursed per customer: a double click cannot open two.
CREATE UNIQUE INDEX leads_one_open_idx ON leads (profile_id) WHERE status IN ('IN_PROCESS', 'SUBMITTED', 'SANCTIONED', 'DISBURSED');

-- Every register_now decision, with the inputs the engine saw.
CREATE TABLE eligibility_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  eligible boolean NOT NULL,
  bureau_status text NOT NULL,
  bureau_score integer,
  bureau_reference text,
  offer_max_amount integer,
  checked_at timestamptz NOT NULL
);
CREATE INDEX eligibility_checks_profile_idx ON eligibility_checks (profile_id, checked_at);

-- One row per rule per check, passing or failing, with the reason for each failure (decision 6).
CREATE TABLE eligibility_rule_results (
  check_id uuid NOT NULL REFERENCES eligibility_checks(id) ON DELETE CASCADE,
  rule text NOT NULL,
  passed boolean NOT NULL,
  observed text,
  reason text,
  PRIMARY KEY (check_id, rule)
);
