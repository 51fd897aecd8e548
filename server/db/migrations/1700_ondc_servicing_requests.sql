-- Issue 32: a buyer app's servicing request (update, update_target payments): close the loan today
-- (FORECLOSURE), pay part of it (PRE_PART_PAYMENT) or pay what is overdue (MISSED_EMI_PAYMENT). Each is
-- answered by an on_update with the amount and our Pay Now address; the first repayment posted on the loan
-- after it is reported once by an unsolicited on_update (PAID). `payment_id` claims that payment: set in the
-- transaction that writes the report to the outbox, so two instances or two runs report it once. A request a
-- newer one replaced before any payment is closed with `reported_at` and no payment.
CREATE TABLE IF NOT EXISTS ondc_servicing_requests (
  id uuid PRIMARY KEY,
  transaction_id text NOT NULL,
  message_id text NOT NULL UNIQUE,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  label text NOT NULL CHECK (label IN ('FORECLOSURE', 'PRE_PART_PAYMENT', 'MISSED_EMI_PAYMENT')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  -- The loan's dues when the request was answered (the on_update's quote, repeated when the payment is reported).
  principal_outstanding_paise bigint NOT NULL,
  interest_outstanding_paise bigint NOT NULL,
  penal_outstanding_paise bigint NOT NULL,
  post_due_interest_paise bigint NOT NULL,
  created_at timestamptz NOT NULL,
  payment_id uuid UNIQUE REFERENCES payments(id) ON DELETE RESTRICT,
  reported_message_id uuid,
  reported_at timestamptz
);
CREATE INDEX IF NOT EXISTS ondc_servicing_requests_open_idx ON ondc_servicing_requests (lead_id, created_at) WHERE payment_id IS NULL;
