-- Rewards, salary, CTO and leadership (DOMAIN.md, Incomes). Every payment goes through the incomes
-- core (creditIncomes): these tables say what was owed and why; the ledger and `incomes` say what
-- was paid.

-- Purchases in a downline inside a time window, read per member: the reward business query.
CREATE INDEX tree_events_business_by_user ON tree_events (user_id, created_at)
  WHERE kind IN ('invested', 'divested');

-- Reward plans: the stages every member works through, in order.
CREATE TABLE reward_plans (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
  -- team business threshold and the reward, micro-units
  business     bigint NOT NULL CHECK (business > 0),
  reward       bigint NOT NULL CHECK (reward > 0),
  days         integer NOT NULL CHECK (days BETWEEN 1 AND 3650),
  sort_order   integer NOT NULL CHECK (sort_order BETWEEN 1 AND 100000),
  is_active    boolean NOT NULL DEFAULT true,
  deleted_at   timestamptz,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE UNIQUE INDEX reward_plans_order ON reward_plans (sort_order) WHERE deleted_at IS NULL;

-- A member's stage: the plan's terms as they were when the stage opened, its window, and how it
-- closed. Business counted = purchases in the downline with count_after < created_at < ends_at (and
-- <= closed_at once closed), per leg, plus the per-leg business carried in from the stage before.
CREATE TABLE reward_stages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users(id),
  plan_id          integer NOT NULL REFERENCES reward_plans(id),
  title            text NOT NULL,
  threshold        bigint NOT NULL CHECK (threshold > 0),
  reward           bigint NOT NULL CHECK (reward > 0),
  days             integer NOT NULL,
  plan_order       integer NOT NULL,
  starts_at        timestamptz NOT NULL,
  count_after      timestamptz NOT NULL,
  ends_at          timestamptz NOT NULL,
  -- {"<leg user id>": "<micro-units>"}: business carried forward from the previous stage
  carried          jsonb NOT NULL DEFAULT '{}',
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'claimed', 'carried', 'awarded')),
  closed_at        timestamptz,
  -- at close: the counted (leg-capped) business, the raw business per leg, whether it was achieved
  closed_business  bigint,
  closed_legs      jsonb,
  achieved         boolean,
  closed_by        bigint REFERENCES users(id),
  CHECK ((status = 'open') = (closed_at IS NULL)),
  UNIQUE (user_id, plan_id)
);
CREATE UNIQUE INDEX reward_stages_one_open ON reward_stages (user_id) WHERE status = 'open';
CREATE INDEX reward_stages_user ON reward_stages (user_id, id);

-- Every reward paid (a claimed stage, or one an admin sent by hand): paid once per member and plan.
CREATE TABLE reward_payouts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  plan_id      integer NOT NULL REFERENCES reward_plans(id),
  stage_id     bigint REFERENCES reward_stages(id),
  source       text NOT NULL CHECK (source IN ('claim', 'admin')),
  title        text NOT NULL,
  amount       bigint NOT NULL CHECK (amount > 0),
  paid         bigint NOT NULL CHECK (paid >= 0),
  cut          bigint NOT NULL CHECK (cut >= 0),
  business     bigint,
  transfer_id  uuid REFERENCES transfers(id),
  admin_id     bigint REFERENCES users(id),
  note         text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  UNIQUE (user_id, plan_id)
);
CREATE INDEX reward_payouts_newest ON reward_payouts (created_at DESC, id DESC);
CREATE TRIGGER reward_payouts_append_only BEFORE UPDATE OR DELETE ON reward_payouts
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Salary tiers: a monthly amount for a number of months, for members with enough active directs and
-- team business. Rank = monthly amount (the highest qualifying tier is the one paying most).
CREATE TABLE salary_tiers (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  amount             bigint NOT NULL CHECK (amount > 0),
  months             integer NOT NULL CHECK (months BETWEEN 1 AND 120),
  required_directs   integer NOT NULL CHECK (required_directs BETWEEN 0 AND 100000),
  required_business  bigint NOT NULL CHECK (required_business >= 0),
  is_active          boolean NOT NULL DEFAULT true,
  deleted_at         timestamptz,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);

-- A tier given to a member: paid every 30 days from assigned_at until `months` are paid. A member
-- holds one current assignment; an upgrade replaces it (months not yet due are not paid).
CREATE TABLE salary_assignments (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  tier_id       integer NOT NULL REFERENCES salary_tiers(id),
  name          text NOT NULL,
  amount        bigint NOT NULL CHECK (amount > 0),
  months        integer NOT NULL CHECK (months > 0),
  directs       integer NOT NULL,
  business      bigint NOT NULL,
  assigned_at   timestamptz NOT NULL,
  paid_months   integer NOT NULL DEFAULT 0 CHECK (paid_months >= 0),
  status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'replaced')),
  ended_at      timestamptz,
  CHECK (paid_months <= months),
  UNIQUE (user_id, tier_id)
);
CREATE UNIQUE INDEX salary_assignments_current ON salary_assignments (user_id) WHERE status = 'active';
CREATE INDEX salary_assignments_newest ON salary_assignments (assigned_at DESC, id DESC);

CREATE TABLE salary_payments (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  assignment_id  bigint NOT NULL REFERENCES salary_assignments(id),
  user_id        bigint NOT NULL REFERENCES users(id),
  tier_id        integer NOT NULL REFERENCES salary_tiers(id),
  month          integer NOT NULL CHECK (month > 0),
  due_at         timestamptz NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  paid           bigint NOT NULL CHECK (paid >= 0),
  cut            bigint NOT NULL CHECK (cut >= 0),
  transfer_id    uuid REFERENCES transfers(id),
  created_at     timestamptz NOT NULL,
  UNIQUE (assignment_id, month)
);
CREATE INDEX salary_payments_newest ON salary_payments (created_at DESC, id DESC);
CREATE INDEX salary_payments_user ON salary_payments (user_id, created_at DESC);
CREATE TRIGGER salary_payments_append_only BEFORE UPDATE OR DELETE ON salary_payments
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Leadership: the ranks (salary tiers) members reached, recorded when reached; an admin may remove
-- an entry from the list (kept, marked removed).
CREATE TABLE leadership_ranks (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  tier_id     integer NOT NULL REFERENCES salary_tiers(id),
  rank        text NOT NULL,
  directs     integer NOT NULL,
  business    bigint NOT NULL,
  reached_at  timestamptz NOT NULL,
  removed_at  timestamptz,
  removed_by  bigint REFERENCES users(id),
  UNIQUE (user_id, tier_id)
);
CREATE INDEX leadership_ranks_newest ON leadership_ranks (reached_at DESC, id DESC) WHERE removed_at IS NULL;

-- CTO: a monthly pool shared equally by the qualified members, paid once.
CREATE TABLE cto_pools (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  period      text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount      bigint NOT NULL CHECK (amount > 0),
  note        text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'deleted')),
  -- when paid: how many shared it, the equal share, what rounding left unpaid
  members     integer,
  share       bigint,
  remainder   bigint,
  min_active_plan     bigint,
  min_directs_business bigint,
  created_by  bigint REFERENCES users(id),
  paid_by     bigint REFERENCES users(id),
  paid_at     timestamptz,
  deleted_at  timestamptz,
  created_at  timestamptz NOT NULL
);
CREATE UNIQUE INDEX cto_pools_period ON cto_pools (period) WHERE status <> 'deleted';

CREATE TABLE cto_payments (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pool_id      integer NOT NULL REFERENCES cto_pools(id),
  user_id      bigint NOT NULL REFERENCES users(id),
  amount       bigint NOT NULL CHECK (amount > 0),
  active_plan  bigint NOT NULL,
  directs_business bigint NOT NULL,
  transfer_id  uuid REFERENCES transfers(id),
  created_at   timestamptz NOT NULL,
  UNIQUE (pool_id, user_id)
);
CREATE INDEX cto_payments_user ON cto_payments (user_id, created_at DESC);
CREATE TRIGGER cto_payments_append_only BEFORE UPDATE OR DELETE ON cto_payments
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
