-- Bank details and eSign (issue 4): the payout account of each lead, its penny-drop result,
-- the signing requests, and the sandbox eSign provider's own records.

-- One payout account per lead (decision 18: the number only encrypted, with a keyed hash and the last 4).
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  account_number_enc text NOT NULL,
  account_number_hash text NOT NULL,
  account_last4 text NOT NULL,
  ifsc text NOT NULL,
  bank_name text NOT NULL,
  branch text NOT NULL,
  account_name text NOT NULL,
  account_type_id integer NOT NULL DEFAULT 1,
  -- VERIFIED: penny drop passed with the name match; SKIPPED: the customer declined the check (NEW customers only).
  verification_status text NOT NULL CHECK (verification_status IN ('VERIFIED', 'SKIPPED')),
  name_at_bank text,
  name_match_score integer,
  provider_reference text,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bank_accounts_lead_idx ON bank_accounts (lead_id);
CREATE INDEX bank_accounts_profile_idx ON bank_accounts (profile_id, created_at);

-- A request to sign the loan agreement and the KFS of a lead with the eSign provider.
CREATE TABLE esign_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_reference text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SIGNED', 'FAILED', 'EXPIRED')),
  sign_url text NOT NULL,
  -- SHA-256 of the unsigned documents, in order, so the signed copy can be tied to what was shown.
  documents_sha256 text NOT NULL,
  signed_file_id uuid REFERENCES uploaded_files(id) ON DELETE SET NULL,
  signed_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX esign_requests_lead_idx ON esign_requests (lead_id, created_at);
CREATE UNIQUE INDEX esign_requests_provider_ref_idx ON esign_requests (provider, provider_reference);

-- What the sandbox eSign provider keeps on its side (a real provider holds this in its own systems).
CREATE TABLE sandbox_esign_documents (
  id text PRIMARY KEY,
  verification_id text NOT NULL UNIQUE,
  signer_name text NOT NULL,
  signer_mobile text NOT NULL,
  documents jsonb NOT NULL,
  return_url text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SIGNED', 'EXPIRED')),
  otp_hash text,
  otp_expires_at timestamptz,
  otp_attempts integer NOT NULL DEFAULT 0,
  otp_sends integer NOT NULL DEFAULT 0,
  signed_pdf text,
  signed_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
