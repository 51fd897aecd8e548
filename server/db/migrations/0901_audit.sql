-- The back office audit trail (decision 32): append-only, each row carries the SHA-256 of the previous row.
CREATE TABLE audit_log (
  seq bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_id uuid,
  actor_email text,
  actor_role text,
  action text NOT NULL,
  target_kind text,
  target_id text,
  before jsonb,
  after jsonb,
  reason text,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log (at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_email);
CREATE INDEX audit_log_action_idx ON audit_log (action);

CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$fn$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
