-- Repayments (decision 29): Pay Now codes and sessions, gateway orders, payments (posted once),
-- and the webhook events seen (de-duplication). server/modules/payments is the only writer.

-- Pay Now by PAN: one code per request, keyed by the PAN's keyed hash. profile_id is empty when the
-- PAN is unknown (the answer is the same; that code can never be verified).
CREATE TABLE repay_otp_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  pan_hash text NOT NULL,
  profile_id uuid REFERENCES customer_profiles(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX repay_otp_challenges_pan_idx ON repay_otp_challenges (pan_hash, created_at);

-- The sot_repay cookie: a random token stored as its SHA-256, scoped to one loan, 15 minutes.
CREATE TABLE repay_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- One order per attempt. order_id is ours (receipt, PayU txnid, PhonePe merchantOrderId).
CREATE TABLE payment_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id text NOT NULL UNIQUE,
  gateway text NOT NULL CHECK (gateway IN ('razorpay', 'payu', 'phonepe')),
  gateway_order_id text,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 100),
  -- created → paid | failed; paid is final (an out-of-order event never moves it back).
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (gateway, gateway_order_id)
);
CREATE INDEX payment_orders_lead_idx ON payment_orders (lead_id, created_at);

-- A confirmed payment, posted to the ledger in the same transaction (key <gateway>:<payment id>).
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gateway text NOT NULL CHECK (gateway IN ('razorpay', 'payu', 'phonepe')),
  gateway_payment_id text NOT NULL,
  payment_order_id uuid NOT NULL REFERENCES payment_orders(id) ON DELETE RESTRICT,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  received_on date NOT NULL,
  -- Of the amount, what went to customer excess (above the total due, or the loan was closed).
  excess_paise bigint NOT NULL DEFAULT 0 CHECK (excess_paise >= 0),
  -- Excess awaiting refund: 'due' until the back office refunds it.
  refund_status text CHECK (refund_status IN ('due', 'refunded')),
  -- True when the payment reduced what the loan owed (false: the loan was already closed).
  applied_to_loan boolean NOT NULL,
  ledger_entry_id uuid NOT NULL REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  UNIQUE (gateway, gateway_payment_id)
);
CREATE INDEX payments_lead_idx ON payments (lead_id, created_at);

-- Webhook events already handled, so a retried delivery is answered without acting twice.
CREATE TABLE payment_webhook_events (
  gateway text NOT NULL,
  event_id text NOT NULL,
  event text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (gateway, event_id)
);
