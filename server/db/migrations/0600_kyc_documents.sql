-- Aadhaar eKYC through DigiLocker, account-aggregator consents and lead documents (issue 4).

-- One row per DigiLocker attempt. The PKCE verifier and the authorization code live here only
-- until the token exchange, then are cleared. The Aadhaar number itself is never stored.
CREATE TABLE ekyc_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  state text NOT NULL UNIQUE,
  code_verifier text,
  auth_code text,
  typed_last4 text NOT NULL,
  status text NOT NULL DEFAULT 'INITIATED'
    CHECK (status IN ('INITIATED', 'AUTHORIZED', 'VERIFIED', 'FAILED', 'SKIPPED')),
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ekyc_requests_profile_idx ON ekyc_requests (profile_id, created_at);

-- What decision 17 allows from the e-Aadhaar: last 4, masked number, name, dob, gender, address, reference.
CREATE TABLE aadhaar_kyc (
  profile_id uuid PRIMARY KEY REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
  aadhaar_last4 text NOT NULL CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
  aadhaar_masked text NOT NULL,
  name text NOT NULL,
  dob date,
  gender text,
  address text,
  digilocker_reference text NOT NULL,
  verified_at timestamptz NOT NULL
);

-- Account-aggregator consents and their one-time fetch (integrations.md states).
CREATE TABLE aa_consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  consent_handle text NOT NULL UNIQUE,
  consent_status text NOT NULL DEFAULT 'PENDING'
    CHECK (consent_status IN ('PENDING', 'ACTIVE', 'REJECTED', 'PAUSED', 'REVOKED', 'EXPIRED')),
  session_id text,
  session_status text CHECK (session_status IN ('ACTIVE', 'COMPLETED', 'EXPIRED', 'FAILED')),
  range_from date NOT NULL,
  range_to date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aa_consents_profile_idx ON aa_consents (profile_id, created_at);

-- The documents of a lead: one current file per document type. A PDF password is kept encrypted.
CREATE TABLE lead_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  doc_type text NOT NULL,
  file_id uuid NOT NULL REFERENCES uploaded_files(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('UPLOAD', 'ACCOUNT_AGGREGATOR')),
  password_enc text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lead_id, doc_type)
);
CREATE INDEX lead_documents_profile_idx ON lead_documents (profile_id);
