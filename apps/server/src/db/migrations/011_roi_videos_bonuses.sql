-- Daily ROI with Watch and Earn, the video library and bonuses (spec 2.5, 2.6, 7; DOMAIN.md Incomes).

-- The admin's video library; members watch the latest one.
CREATE TABLE videos (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title        text NOT NULL,
  url          text NOT NULL,
  description  text NOT NULL DEFAULT '',
  created_by   bigint REFERENCES users(id),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX videos_latest ON videos (created_at DESC, id DESC);

-- A member started a video (today's video for the ROI or the video bonus) or an ad. A claim needs
-- one started at least roi_watch_seconds before it, and uses it up (used_at): one claim per watch.
-- A member has at most one open session per purpose: starting again (Watch Again) restarts it, so
-- the table grows by one row per claim however often the start is sent.
CREATE TABLE watch_sessions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('video', 'ad')),
  video_id    integer REFERENCES videos(id) ON DELETE SET NULL,
  started_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE UNIQUE INDEX watch_sessions_open ON watch_sessions (user_id, purpose) WHERE used_at IS NULL;

-- One row per paid daily ROI claim: what it was computed from. The incomes and the ledger hold
-- what was paid (ROI, level income, cut); ref 'roi_claim' / id.
CREATE TABLE roi_claims (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id           bigint NOT NULL REFERENCES users(id),
  watch_session_id  bigint NOT NULL UNIQUE REFERENCES watch_sessions(id),
  plan_id           integer REFERENCES plans(id),
  active_plan       bigint NOT NULL CHECK (active_plan > 0),
  roi_percent       numeric(7, 4) NOT NULL,
  amount            bigint NOT NULL CHECK (amount > 0),
  compound_percent  numeric(7, 4) NOT NULL DEFAULT 0,
  created_at        timestamptz NOT NULL
);
CREATE INDEX roi_claims_user ON roi_claims (user_id, created_at DESC);
CREATE TRIGGER roi_claims_append_only BEFORE UPDATE OR DELETE ON roi_claims
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Admin-defined fixed bonuses; one live bonus per type.
CREATE TABLE bonuses (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title         text NOT NULL,
  bonus_type    text NOT NULL CHECK (bonus_type ~ '^[a-z][a-z0-9_]{2,39}$'),
  amount        bigint NOT NULL CHECK (amount > 0),
  period_hours  integer NOT NULL DEFAULT 24 CHECK (period_hours BETWEEN 1 AND 8760),
  description   text NOT NULL DEFAULT '',
  media_url     text NOT NULL DEFAULT '',
  is_active     boolean NOT NULL DEFAULT true,
  created_by    bigint REFERENCES users(id),
  deleted_at    timestamptz,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE UNIQUE INDEX bonuses_live_type ON bonuses (bonus_type) WHERE deleted_at IS NULL;

-- One row per bonus claim; once per period per member and type (checked under the member's row lock).
CREATE TABLE bonus_claims (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bonus_id          integer NOT NULL REFERENCES bonuses(id),
  user_id           bigint NOT NULL REFERENCES users(id),
  bonus_type        text NOT NULL,
  amount            bigint NOT NULL CHECK (amount > 0),
  period_hours      integer NOT NULL,
  plan_id           integer,
  watch_session_id  bigint UNIQUE REFERENCES watch_sessions(id),
  created_at        timestamptz NOT NULL
);
CREATE INDEX bonus_claims_user_type ON bonus_claims (user_id, bonus_type, created_at DESC);
CREATE INDEX bonus_claims_bonus ON bonus_claims (bonus_id);
CREATE TRIGGER bonus_claims_append_only BEFORE UPDATE OR DELETE ON bonus_claims
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
