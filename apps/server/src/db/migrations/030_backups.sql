-- Backups of the platform (modules/backups): one row per backup, whoever started it. Every instance
-- and the dashboard read the last one from here; a running one is cancelled through its row, and its
-- progress (bytes written) is written here by the instance that runs it.
CREATE TABLE backups (
  id bigserial PRIMARY KEY,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'command', 'admin')),
  -- The UTC day of a scheduled backup: one attempt per day across every instance.
  scheduled_for date UNIQUE,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ok', 'failed', 'cancelled')),
  started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  finished_at timestamptz,
  heartbeat_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  started_by bigint REFERENCES users (id),
  instance text NOT NULL,
  file text,
  size_bytes bigint,
  bytes_written bigint NOT NULL DEFAULT 0,
  database_bytes bigint,
  error text,
  cancel_requested boolean NOT NULL DEFAULT false,
  CHECK ((status = 'running') = (finished_at IS NULL))
);
CREATE INDEX backups_started ON backups (started_at DESC);
-- At most one backup runs at a time on the platform.
CREATE UNIQUE INDEX backups_one_running ON backups ((true)) WHERE status = 'running';
