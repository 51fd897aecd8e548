-- Issue 23: sandbox demo customers are replaced on each re-seed, so their consent rows may be deleted,
-- only inside a transaction that sets consents.allow_discard (the consents service's sandbox-only
-- discardDemo, as the ledger's discardDemoLoans). Everywhere else the table stays append-only.
CREATE FUNCTION consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('consents.allow_discard', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consents are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$fn$;
DROP TRIGGER consents_append_only ON consents;
CREATE TRIGGER consents_append_only BEFORE UPDATE OR DELETE ON consents
  FOR EACH ROW EXECUTE FUNCTION consents_append_only();
