-- Refunds of customer excess (decision 37): one person requests, another in accounts approves, and
-- the money goes back to the original gateway payment or to the verified bank account by payout.
-- A refund the provider fails returns to REQUESTED (with the reason) for a fresh approval and a new
-- attempt; a call that timed out is UNKNOWN until the provider is asked.
CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  route text NOT NULL CHECK (route IN ('gateway', 'bank')),
  -- The gateway payment refunded (route gateway); null for a payout to the bank account.
  payment_id uuid REFERENCES payments(id) ON DELETE RESTRICT,
  gateway text CHECK (gateway IN ('razorpay', 'payu', 'phonepe')),
  -- The verified account paid (route bank): the loan's own, else the customer's latest verified one.
  bank_account_id uuid REFERENCES bank_accounts(id) ON DELETE RESTRICT,
  account_last4 text,
  status text NOT NULL DEFAULT 'REQUESTED' CHECK (status IN ('REQUESTED', 'APPROVED', 'SENT', 'UNKNOWN', 'PROCESSED', 'REJECTED')),
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  -- The provider's key of the current attempt: refund:<id>, then refund:<id>:<attempt> after a confirmed failure.
  idempotency_key text,
  provider_reference text,
  failure_reason text CHECK (length(failure_reason) <= 500),
  requested_by text NOT NULL,
  requested_by_email text,
  requested_at timestamptz NOT NULL,
  approved_by text,
  approved_by_email text,
  approved_at timestamptz,
  rejected_by text,
  rejected_at timestamptz,
  reject_reason text CHECK (length(reject_reason) <= 500),
  sent_at timestamptz,
  processed_at timestamptz,
  ledger_entry_id uuid REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  CHECK ((route = 'gateway') = (payment_id IS NOT NULL AND gateway IS NOT NULL)),
  CHECK ((route = 'bank') = (bank_account_id IS NOT NULL AND account_last4 IS NOT NULL)),
  -- Four-eyes in the database as well as in the service.
  CHECK (approved_by IS NULL OR approved_by <> requested_by),
  CHECK (rejected_by IS NULL OR rejected_by <> requested_by)
);
-- One refund in flight per loan, so the excess held bounds it.
CREATE UNIQUE INDEX refunds_one_live_per_loan ON refunds (lead_id) WHERE status IN ('REQUESTED', 'APPROVED', 'SENT', 'UNKNOWN');
CREATE INDEX refunds_status_idx ON refunds (status, requested_at);
