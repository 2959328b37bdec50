-- What-if projections run as jobs (modules/what-if): one running per platform (the partial unique
-- index, across instances), with its progress, the heartbeat of the instance computing it, when the
-- admin's page last asked about it (a projection nobody follows is cancelled), and its result.
CREATE TABLE what_if_runs (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id     bigint NOT NULL REFERENCES users(id),
  body         jsonb NOT NULL,
  status       text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
  days_done    integer NOT NULL DEFAULT 0,
  days_total   integer NOT NULL,
  member_days  bigint NOT NULL,
  started_at   timestamptz NOT NULL,
  heartbeat_at timestamptz NOT NULL,
  seen_at      timestamptz NOT NULL,
  finished_at  timestamptz,
  error        text,
  result       jsonb
);
CREATE UNIQUE INDEX what_if_runs_one_running ON what_if_runs ((true)) WHERE status = 'running';
