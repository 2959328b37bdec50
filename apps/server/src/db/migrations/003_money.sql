-- Money core: settings, plans, activation plans, level percents, admin deposits, plan purchases,
-- withdrawal requests, activation codes, and the append-only tree events the roll-up reads.
CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plans (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name            text NOT NULL,
  min_amount      bigint NOT NULL CHECK (min_amount > 0),
  max_amount      bigint NOT NULL,
  roi_percent     numeric(7, 4) NOT NULL DEFAULT 0.5,
  cap_multiple    integer NOT NULL DEFAULT 7,
  direct_percent  numeric(7, 4) NOT NULL DEFAULT 5,
  is_active       boolean NOT NULL DEFAULT true,
  deleted_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (max_amount >= min_amount)
);

CREATE TABLE act_plans (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  fee         bigint NOT NULL CHECK (fee > 0),
  is_active   boolean NOT NULL DEFAULT true,
  deleted_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE level_percents (
  kind               text PRIMARY KEY CHECK (kind IN ('active', 'invest')),
  levels             numeric(7, 4)[] NOT NULL,
  unlock_by_directs  boolean NOT NULL DEFAULT true,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
INSERT INTO level_percents (kind, levels) VALUES ('invest', '{10,5,3,2,1,1,1,1,1,1}'), ('active', '{10,5,3,2,1,1,1,1,1,1}');

-- An admin records a deposit for a member; approving it credits `fund` once.
CREATE TABLE deposits (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  amount       bigint NOT NULL CHECK (amount > 0),
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  note         text NOT NULL DEFAULT '',
  created_by   bigint REFERENCES users(id),
  decided_by   bigint REFERENCES users(id),
  decided_at   timestamptz,
  transfer_id  uuid REFERENCES transfers(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_user ON deposits (user_id, created_at DESC);

-- A plan purchase (top-up): the payer's fund pays, the recipient's principal receives.
CREATE TABLE topups (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('purchase', 'retopup', 'activation')),
  payer_id     bigint NOT NULL REFERENCES users(id),
  user_id      bigint NOT NULL REFERENCES users(id),
  plan_id      integer REFERENCES plans(id),
  act_plan_id  integer REFERENCES act_plans(id),
  amount       bigint NOT NULL CHECK (amount > 0),
  status       text NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'reversed')),
  transfer_id  uuid REFERENCES transfers(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX topups_user ON topups (user_id, created_at DESC);
CREATE INDEX topups_payer ON topups (payer_id, created_at DESC);

CREATE TABLE withdrawals (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  kind          text NOT NULL CHECK (kind IN ('profit', 'roi', 'principal', 'compound')),
  amount        bigint NOT NULL CHECK (amount > 0),
  fee           bigint NOT NULL CHECK (fee >= 0),
  net           bigint NOT NULL CHECK (net >= 0),
  fee_percent   numeric(7, 4) NOT NULL,
  network       text NOT NULL CHECK (network IN ('BEP20', 'TRC20')),
  address       text NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  hold_transfer uuid REFERENCES transfers(id),
  tx_hash       text,
  reason        text,
  decided_by    bigint REFERENCES users(id),
  decided_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (fee + net = amount)
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, created_at DESC);
CREATE INDEX withdrawals_status ON withdrawals (status, created_at);

-- One-time activation codes (e-pins).
CREATE TABLE codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  value       bigint NOT NULL CHECK (value > 0),
  created_by  bigint REFERENCES users(id),
  used_by     bigint REFERENCES users(id),
  used_at     timestamptz,
  transfer_id uuid REFERENCES transfers(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Append-only facts the team roll-up consumes (compensation issue): joined, activated, invested.
CREATE TABLE tree_events (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  kind        text NOT NULL CHECK (kind IN ('joined', 'activated', 'invested', 'divested')),
  amount      bigint NOT NULL DEFAULT 0,
  ref_type    text,
  ref_id      text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tree_events_created ON tree_events (id);
CREATE TRIGGER tree_events_append_only BEFORE UPDATE OR DELETE ON tree_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- share of each ROI claim a member compounds automatically (PUT /withdrawalrequest/compound/amount)
ALTER TABLE users ADD COLUMN compound_percent numeric(7, 4) NOT NULL DEFAULT 0
  CHECK (compound_percent >= 0 AND compound_percent <= 100);
