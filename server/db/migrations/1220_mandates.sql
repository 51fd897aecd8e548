-- Auto-debit mandates (issue 24, decision 39): one mandate per loan application, its debits (the
-- repayment date's and one retry), and the sandbox provider's own tokens and debits (sandbox only).
CREATE TABLE IF NOT EXISTS mandates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('upi', 'enach')),
  -- PENDING (at the provider's page) → ACTIVE | FAILED; ACTIVE → CANCELLED (loan closed, revoked).
  status text NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'FAILED', 'CANCELLED')),
  provider text NOT NULL,
  provider_customer_id text NOT NULL,
  registration_id text NOT NULL,
  token_id text,
  max_amount_paise bigint NOT NULL CHECK (max_amount_paise > 0),
  -- e-NACH: the penny-drop-verified account's last 4 digits (the number itself stays in bank_accounts).
  account_last4 text,
  failure_reason text,
  cancel_reason text CHECK (cancel_reason IN ('loan_closed', 'revoked', 'provider')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  activated_at timestamptz,
  cancelled_at timestamptz,
  UNIQUE (provider, registration_id)
);
-- One live mandate per loan application.
CREATE UNIQUE INDEX IF NOT EXISTS mandates_live_lead_idx ON mandates (lead_id) WHERE status IN ('PENDING', 'ACTIVE');
CREATE INDEX IF NOT EXISTS mandates_profile_idx ON mandates (profile_id, created_at);
CREATE INDEX IF NOT EXISTS mandates_token_idx ON mandates (provider, token_id);

-- A debit of a mandate: attempt 1 on the repayment date, attempt 2 the next day after a fresh notice.
CREATE TABLE IF NOT EXISTS mandate_debits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mandate_id uuid NOT NULL REFERENCES mandates(id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  attempt smallint NOT NULL CHECK (attempt IN (1, 2)),
  -- The India date the debit is presented on; the notice goes the day before.
  debit_on date NOT NULL,
  -- NOTIFIED → PRESENTED → SUCCESS | FAILED; NOTIFIED → SKIPPED (nothing left due, or the mandate ended).
  status text NOT NULL CHECK (status IN ('NOTIFIED', 'PRESENTED', 'SUCCESS', 'FAILED', 'SKIPPED')),
  notice_amount_paise bigint NOT NULL,
  amount_paise bigint,
  payment_order_id uuid REFERENCES payment_orders(id) ON DELETE RESTRICT,
  provider_order_id text,
  provider_payment_id text,
  failure_reason text,
  notified_at timestamptz NOT NULL,
  presented_at timestamptz,
  finished_at timestamptz,
  UNIQUE (mandate_id, attempt)
);
CREATE INDEX IF NOT EXISTS mandate_debits_open_idx ON mandate_debits (status, debit_on);

-- Webhook deliveries already handled (x-razorpay-event-id), so a retry does nothing twice.
CREATE TABLE IF NOT EXISTS mandate_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- The sandbox provider's own records (sandbox mode only): what a real provider would hold.
CREATE TABLE IF NOT EXISTS sandbox_mandate_tokens (
  registration_id text PRIMARY KEY,
  customer_id text NOT NULL,
  token_id text UNIQUE,
  reference text NOT NULL,
  method text NOT NULL,
  max_amount_paise bigint NOT NULL,
  account_last4 text,
  -- created → confirmed | rejected; confirmed → cancelled. Debits of a token marked fail_debits fail.
  status text NOT NULL,
  fail_debits boolean NOT NULL DEFAULT false,
  failure_reason text,
  return_url text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_mandate_debits (
  payment_id text PRIMARY KEY,
  order_id text NOT NULL UNIQUE,
  receipt text NOT NULL UNIQUE,
  token_id text NOT NULL,
  customer_id text NOT NULL,
  amount_paise bigint NOT NULL,
  status text NOT NULL,
  failure_reason text,
  created_at timestamptz NOT NULL
);
