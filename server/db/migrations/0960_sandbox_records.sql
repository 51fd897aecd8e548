-- State the sandbox providers keep between one request and the next (DigiLocker requests, aggregator
-- consents, gateway orders, payouts, captcha answers for browser tests): in the database, so any
-- instance behind a load balancer can answer the next step. Sandbox mode only; rows expire.
CREATE TABLE sandbox_records (
  kind text NOT NULL,
  key text NOT NULL,
  value jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);
CREATE INDEX sandbox_records_expires_idx ON sandbox_records (expires_at);
