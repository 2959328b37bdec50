-- Request limits shared by every API instance (per IP, per account, per e-mail address): one row per
-- key and fixed window, counted by one atomic upsert (modules/limits/repo.ts). UNLOGGED: counters
-- are written on every limited request and are worth no WAL; a crash or failover only forgets the
-- current windows, which then start again from zero.
CREATE UNLOGGED TABLE rate_limits (
  key       text PRIMARY KEY,
  hits      integer NOT NULL,
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
