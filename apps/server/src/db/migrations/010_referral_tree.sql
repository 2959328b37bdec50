-- Referral tree roll-up (ARCHITECTURE.md, Referral tree): team figures are precomputed per member in
-- `team_stats`, maintained by the 'tree-rollup' job from the append-only `tree_events`; signup and
-- purchase never touch their uplines' rows (that would serialise every write on the root).

-- The transaction that wrote each event. The roll-up reads only events of transactions that are over
-- (below the oldest transaction still running), in (xid, id) order after its cursor: an event whose
-- transaction took an id early but commits late is never skipped.
ALTER TABLE tree_events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX tree_events_xid ON tree_events (xid, id);

-- More facts than purchases change a team's figures. `held`/`released`: a principal or compound
-- withdrawal request holds part of the active plan, a rejection or cancellation gives it back (not
-- purchases: the reward business query ignores them). `deactivated`: is_active set off by hand (an
-- admin edit; `activated` is also written when an admin sets it on). `compounded`: ROI moved into
-- `compound` raised the active plan (not a purchase either). `moved`: an admin moved the member and
-- their downline under another sponsor (ref_id = the old path). `left`: the member was deleted
-- (ref_id = their path).
ALTER TABLE tree_events DROP CONSTRAINT tree_events_kind_check;
ALTER TABLE tree_events ADD CONSTRAINT tree_events_kind_check CHECK (kind IN
  ('joined', 'activated', 'invested', 'divested', 'held', 'released', 'deactivated', 'compounded',
   'moved', 'left'));
-- the log outlives a deleted member (an admin may delete a member without money or team; their
-- `joined` and `left` events stay)
ALTER TABLE tree_events DROP CONSTRAINT tree_events_user_id_fkey;

-- One row per member. own_*: what the member counts for, as the roll-up last read it from the source
-- of truth (users, accounts, topups); an upline's figures are the sum of these over their downline.
CREATE TABLE team_stats (
  user_id         bigint PRIMARY KEY,
  -- 1 while the member is in the tree
  own_counted     smallint NOT NULL DEFAULT 0 CHECK (own_counted IN (0, 1)),
  -- 1 while in the tree with is_active 'active'
  own_active      smallint NOT NULL DEFAULT 0 CHECK (own_active IN (0, 1)),
  -- active_plan: principal + compound less holds (micro-units)
  own_plan        bigint NOT NULL DEFAULT 0,
  -- investment_plan: plan purchases and re-top-ups not reversed (micro-units)
  own_invested    bigint NOT NULL DEFAULT 0,
  direct_count    integer NOT NULL DEFAULT 0,
  active_directs  integer NOT NULL DEFAULT 0,
  team_count      integer NOT NULL DEFAULT 0,
  active_team     integer NOT NULL DEFAULT 0,
  -- spec 9, Team totals: active_plan and investment_plan of the team's active members only
  team_business   bigint NOT NULL DEFAULT 0,
  team_invested   bigint NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL
);

-- Where the roll-up is in the event log, and when it last caught up.
CREATE TABLE rollup_cursor (
  name      text PRIMARY KEY,
  xid       xid8 NOT NULL DEFAULT '0',
  event_id  bigint NOT NULL DEFAULT 0,
  as_of     timestamptz
);
INSERT INTO rollup_cursor (name) VALUES ('tree');

-- Members who joined before this migration get their `joined` event now, so the first roll-up
-- counts them (their purchases already have events).
INSERT INTO tree_events (user_id, kind, ref_type, created_at)
SELECT id, 'joined', 'backfill', created_at FROM users
 WHERE role = 'user' AND path IS NOT NULL
 ORDER BY nlevel(path), id;

-- The tree screen's search: username prefix within a downline.
CREATE INDEX users_username_prefix ON users (lower(username) text_pattern_ops);
