-- The sandbox clock (issue 20): how far the server's clock is moved from real time, kept in the
-- database so a restart, every instance, the jobs and `npm run ledger:check` use the same "now".
-- Sandbox mode only: production mode never reads it.
CREATE TABLE sandbox_clock (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  offset_ms bigint NOT NULL,
  updated_at timestamptz NOT NULL
);
