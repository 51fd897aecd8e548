-- Gateway settlements include refunds, chargebacks and adjustments (issue 29): each line says what it
-- is, a refund line names our refund, and a settlement's gross and net may be below zero (a day of
-- refunds). Lines that need accounts' hand are listed as exceptions of their own kinds.
ALTER TABLE gateway_settlement_lines ADD COLUMN line_type text NOT NULL DEFAULT 'payment'
  CHECK (line_type IN ('payment', 'refund', 'chargeback', 'adjustment'));
ALTER TABLE gateway_settlement_lines ADD COLUMN parent_payment_id text;
ALTER TABLE gateway_settlement_lines ADD COLUMN refund_id uuid REFERENCES refunds(id) ON DELETE RESTRICT;
CREATE UNIQUE INDEX gateway_settlement_lines_refund_idx ON gateway_settlement_lines (refund_id) WHERE refund_id IS NOT NULL;
ALTER TABLE gateway_settlements DROP CONSTRAINT IF EXISTS gateway_settlements_gross_paise_check;
ALTER TABLE gateway_settlements DROP CONSTRAINT IF EXISTS gateway_settlements_net_paise_check;
ALTER TABLE reconciliation_exceptions DROP CONSTRAINT IF EXISTS reconciliation_exceptions_kind_check;
ALTER TABLE reconciliation_exceptions ADD CONSTRAINT reconciliation_exceptions_kind_check CHECK (
  kind IN ('amount_mismatch', 'unanswered_order', 'unknown_payment', 'settlement_amount', 'not_settled',
           'unknown_refund', 'chargeback', 'settlement_adjustment')
);
