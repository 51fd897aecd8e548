-- Reconciliation with every gateway (issue 20): what accounts must look at, and the gateways'
-- settlements (clearing to bank, with the gateway's fee and the GST on it). Written only by
-- server/modules/reconciliation.

-- Something the books could not settle by themselves, listed for accounts until dealt with:
--   amount_mismatch     the gateway confirmed a different amount than the order (never posted);
--   unanswered_order    an order still open after the chasing window (no longer asked);
--   unknown_payment     a settlement line for a payment we have not recorded;
--   settlement_amount   a settlement line whose amount differs from the payment we recorded;
--   not_settled         a payment we recorded with no settlement line after the grace days.
-- `reference` makes each one unique per gateway and kind, so a job that runs again adds nothing.
CREATE TABLE reconciliation_exceptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('amount_mismatch', 'unanswered_order', 'unknown_payment', 'settlement_amount', 'not_settled')),
  gateway text NOT NULL CHECK (gateway IN ('razorpay', 'payu', 'phonepe')),
  reference text NOT NULL,
  order_id text,
  gateway_payment_id text,
  settlement_id text,
  ordered_paise bigint,
  paid_paise bigint,
  detected_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by uuid,
  resolved_by_email text,
  resolution_note text,
  UNIQUE (kind, gateway, reference)
);
CREATE INDEX reconciliation_exceptions_open_idx ON reconciliation_exceptions (detected_at) WHERE resolved_at IS NULL;

-- One row per gateway settlement (its own id), posted as one ledger entry of kind settlement.
-- The figures are those of the lines matched to our payments; unmatched lines are exceptions.
CREATE TABLE gateway_settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gateway text NOT NULL CHECK (gateway IN ('razorpay', 'payu', 'phonepe')),
  settlement_id text NOT NULL,
  utr text NOT NULL,
  settled_on date NOT NULL,
  gross_paise bigint NOT NULL CHECK (gross_paise >= 0),
  fee_paise bigint NOT NULL CHECK (fee_paise >= 0),
  tax_paise bigint NOT NULL CHECK (tax_paise >= 0),
  net_paise bigint NOT NULL CHECK (net_paise >= 0),
  line_count integer NOT NULL,
  unmatched_count integer NOT NULL,
  ledger_entry_id uuid REFERENCES ledger_entries(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL,
  UNIQUE (gateway, settlement_id)
);

-- Every line of a settlement report as the gateway sent it, matched (payment_id) or not.
CREATE TABLE gateway_settlement_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  settlement_row_id uuid NOT NULL REFERENCES gateway_settlements(id) ON DELETE RESTRICT,
  gateway text NOT NULL,
  gateway_payment_id text NOT NULL,
  gross_paise bigint NOT NULL,
  fee_paise bigint NOT NULL,
  tax_paise bigint NOT NULL,
  net_paise bigint NOT NULL,
  payment_id uuid REFERENCES payments(id) ON DELETE RESTRICT,
  UNIQUE (settlement_row_id, gateway_payment_id)
);
CREATE INDEX gateway_settlement_lines_payment_idx ON gateway_settlement_lines (gateway, gateway_payment_id);
