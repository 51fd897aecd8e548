-- (1590 is taken by the ONDC form submissions on main.)
-- Issue 34, second step: a WhatsApp message that stands for an SMS notice keeps that notice (kind and
-- variables: the values the message's parameters already hold, nothing more), so the SMS can be sent
-- instead when the message fails or is not delivered in time. `sms_fallback_at` is the claim: set once by
-- `UPDATE … WHERE sms_fallback_at IS NULL RETURNING`, so two instances, or the job and a late webhook, can
-- never both send the SMS. `sms_fallback` says why: 'failed' (the API or the webhook said so),
-- 'undelivered' (not delivered within the limit), or 'expired' (a dues notice whose contact hours passed for
-- a day: claimed, no SMS sent).
ALTER TABLE whatsapp_messages ADD COLUMN IF NOT EXISTS notice jsonb;
ALTER TABLE whatsapp_messages ADD COLUMN IF NOT EXISTS sms_fallback_at timestamptz;
ALTER TABLE whatsapp_messages ADD COLUMN IF NOT EXISTS sms_fallback text
  CHECK (sms_fallback IN ('failed', 'undelivered', 'expired'));
CREATE INDEX IF NOT EXISTS whatsapp_messages_fallback_idx ON whatsapp_messages (created_at)
  WHERE notice IS NOT NULL AND sms_fallback_at IS NULL;
