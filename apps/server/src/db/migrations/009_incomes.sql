-- Compensation core: every income a member is owed, with its cause and the earning-limit cut, and the
-- running total the limit is checked against (DOMAIN.md, Earning limit).

-- One row per income decision, also when the limit cut it to nothing (paid = 0, no transfer):
-- this is what "why was this paid" reads. One row per member, kind and cause: paid once.
CREATE TABLE incomes (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  kind            text NOT NULL CHECK (kind IN
                    ('direct_income', 'level_income', 'roi_income', 'reward', 'salary', 'cto', 'bonus')),
  -- what the rule computed, what was credited, and what the limit cut (amount = paid + cut)
  amount          bigint NOT NULL CHECK (amount > 0),
  paid            bigint NOT NULL CHECK (paid >= 0),
  cut             bigint NOT NULL CHECK (cut >= 0),
  -- the cause: the member whose action paid it, the level, the base and percent the rule applied
  source_user_id  bigint REFERENCES users(id),
  level           integer,
  base_amount     bigint,
  percent         numeric(9, 4),
  -- the limit as it stood when it was decided (null for kinds outside the limit)
  earning_limit   bigint,
  earned_before   bigint,
  ref_type        text NOT NULL,
  ref_id          text NOT NULL,
  transfer_id     uuid REFERENCES transfers(id),
  meta            jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL,
  CHECK (amount = paid + cut),
  UNIQUE (user_id, kind, ref_type, ref_id)
);
CREATE INDEX incomes_user_created ON incomes (user_id, created_at DESC);
CREATE INDEX incomes_kind_created ON incomes (kind, created_at);
CREATE INDEX incomes_source ON incomes (source_user_id);
CREATE TRIGGER incomes_append_only BEFORE UPDATE OR DELETE ON incomes
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Total earnings of the limit (spec 9: level + ROI + reward + direct + salary), kept beside the
-- incomes so a check reads one row. Written only while the member's principal account is locked.
CREATE TABLE member_earnings (
  user_id         bigint PRIMARY KEY REFERENCES users(id),
  total           bigint NOT NULL DEFAULT 0 CHECK (total >= 0),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
