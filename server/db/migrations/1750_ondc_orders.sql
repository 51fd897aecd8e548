-- Issue 32, point 9: the buyer app's finder fee as the contract agreed it (docs/decisions/money.md, "The ONDC buyer
-- app's finder fee in the books"). One row per agreement (F06) a buyer app confirmed: written with the on_confirm
-- that first answered its confirm, in the same transaction, and never changed; every later order callback, the
-- accrual at payout, ledger:check and the desk read the fee from here, so a later search in the transaction
-- naming another percentage changes nothing. Idempotent (the migration tests run it again).
CREATE TABLE IF NOT EXISTS ondc_orders (
  f06_submission_id uuid PRIMARY KEY REFERENCES ondc_form_submissions(submission_id) ON DELETE CASCADE,
  transaction_id text NOT NULL,
  -- Our proposal number, the order's id in on_confirm.
  order_id text NOT NULL,
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  -- The buyer app the fee is owed to (the confirm's bap_id).
  bap_id text NOT NULL,
  -- BUYER_FINDER_FEES_PERCENTAGE as on_confirm stated it, and SETTLEMENT_AMOUNT in paise.
  finder_fee_percentage text NOT NULL CHECK (finder_fee_percentage ~ '^\d{1,3}(\.\d{1,4})?$'),
  finder_fee_paise bigint NOT NULL CHECK (finder_fee_paise >= 0),
  -- The confirm's message id (its on_confirm carries the same).
  confirm_message_id text NOT NULL,
  confirmed_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ondc_orders_transaction_idx ON ondc_orders (transaction_id);
CREATE INDEX IF NOT EXISTS ondc_orders_lead_idx ON ondc_orders (lead_id);

-- Where an accrual's fee came from: 'on_confirm' (the row above), or 'search' (no confirm stored: worked out at
-- payout from the transaction's latest search, as before this migration); a reversal repeats its accrual's.
ALTER TABLE ondc_finder_fees ADD COLUMN IF NOT EXISTS fee_from text NOT NULL DEFAULT 'search' CHECK (fee_from IN ('on_confirm', 'search'));
ALTER TABLE ondc_finder_fees ALTER COLUMN fee_from DROP DEFAULT;

-- Transactions confirmed before this migration: each agreement's first on_confirm that stated an order is in the
-- outbox as sent, so what it stated (SETTLEMENT_AMOUNT, the percentage) is read back from there, not worked out
-- again. An on_confirm whose figures cannot be read is left out (its loan falls back to the search, as 'search').
INSERT INTO ondc_orders (f06_submission_id, transaction_id, order_id, lead_id, bap_id, finder_fee_percentage, finder_fee_paise, confirm_message_id, confirmed_at)
SELECT DISTINCT ON (s.submission_id)
  s.submission_id, o.transaction_id, c.ord ->> 'id', s.lead_id, o.bap_id, c.percentage, round(c.amount::numeric * 100)::bigint, o.message_id, o.created_at
FROM ondc_outbox o
CROSS JOIN LATERAL (
  SELECT o.body::jsonb #> '{message,order}' AS ord,
    jsonb_path_query_first(o.body::jsonb, '$.message.order.payments[*].tags[*] ? (@.descriptor.code == "SETTLEMENT_TERMS").list[*] ? (@.descriptor.code == "SETTLEMENT_AMOUNT").value') #>> '{}' AS amount,
    jsonb_path_query_first(o.body::jsonb, '$.message.order.payments[*].tags[*] ? (@.descriptor.code == "BUYER_FINDER_FEES").list[*] ? (@.descriptor.code == "BUYER_FINDER_FEES_PERCENTAGE").value') #>> '{}' AS percentage
) c
JOIN ondc_form_submissions s
  ON s.submission_id::text = c.ord #>> '{items,0,xinput,form_response,submission_id}'
  AND s.transaction_id = o.transaction_id AND s.form_id = 'F06' AND s.outcome = 'eligible' AND s.lead_id IS NOT NULL
WHERE o.action = 'on_confirm'
  AND c.ord ->> 'id' IS NOT NULL
  AND c.amount ~ '^\d{1,10}(\.\d{1,2})?$'
  AND c.percentage ~ '^\d{1,3}(\.\d{1,4})?$'
ORDER BY s.submission_id, o.created_at, o.id
ON CONFLICT (f06_submission_id) DO NOTHING;
