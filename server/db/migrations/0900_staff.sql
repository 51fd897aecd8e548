-- Back office staff (decision 32): accounts, one-time enrolment links, sessions (decision 16 with 15 min / 8 h).
CREATE TABLE staff_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('credit_manager','credit_head','disbursal','collections','accounts','admin','auditor')),
  -- argon2id PHC string; null until enrolment sets it
  password_hash text,
  -- TOTP secret, AES-256-GCM sealed with ENCRYPTION_KEY; null until enrolment is confirmed
  totp_secret_enc text,
  -- the last accepted TOTP time step: a code is never accepted twice
  totp_last_step bigint,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE staff_enrolments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_id uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  -- the TOTP secret offered on the enrolment page, sealed; becomes the account's on confirmation
  pending_secret_enc text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Separate from customer sessions: a customer token never opens /admin, a staff token never acts as a customer.
CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  staff_id uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  -- null while only the password has been checked; the session opens nothing until the TOTP code passes
  verified_at timestamptz,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
