-- Bank transfers received for a loan (decisions 29, 32): collections enters one, accounts approves or
-- rejects it, never the person who entered it. Approval posts it like a gateway payment, so a payment
-- row may now come from a bank transfer (no order) as well as from a gateway.
CREATE TABLE bank_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  loan_no text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  -- The bank's reference (UTR); one posting per reference, whatever its status, so a transfer is entered once.
  bank_reference text NOT NULL UNIQUE CHECK (length(bank_reference) BETWEEN 6 AND 40),
  received_on date NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  entered_by text NOT NULL,
  entered_by_email text,
  entered_at timestamptz NOT NULL,
  decided_by text,
  decided_by_email text,
  decided_at timestamptz,
  reject_reason text CHECK (length(reject_reason) <= 500),
  payment_id uuid,
  -- Four-eyes in the database as well as in the service.
  CHECK (decided_by IS NULL OR decided_by <> entered_by)
);
CREATE INDEX bank_transfers_status_idx ON bank_transfers (status, entered_at);
CREATE INDEX bank_transfers_entered_by_idx ON bank_transfers (entered_by, entered_at);

ALTER TABLE payments DROP CONSTRAINT payments_gateway_check;
ALTER TABLE payments ADD CONSTRAINT payments_gateway_check CHECK (gateway IN ('razorpay', 'payu', 'phonepe', 'bank_transfer'));
ALTER TABLE payments ALTER COLUMN payment_order_id DROP NOT NULL;
-- A gateway payment has its order; a bank transfer has none.
ALTER TABLE payments ADD CONSTRAINT payments_order_check CHECK ((gateway = 'bank_transfer') = (payment_order_id IS NULL));
