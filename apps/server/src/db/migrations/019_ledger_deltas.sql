-- Money that never waits on one row (issue 12; docs/decisions/money.md, "Credits never wait").
--
-- 1. Credits never lock. A posting locks only the member accounts it debits (their balance is
--    checked). Every other balance change (credits to member accounts, credits and debits of platform
--    accounts) is appended to `ledger_deltas`; the 'ledger-fold' job and any later debit of the
--    account fold them into `ledger_accounts.balance`. A balance is always the folded balance plus the
--    unfolded deltas: the view `accounts` says so, so every reader (API, reconcile, reports) sees the
--    exact balance at every instant, in one snapshot.
ALTER TABLE accounts RENAME TO ledger_accounts;
ALTER INDEX accounts_owner_kind RENAME TO ledger_accounts_owner_kind;
-- `owner_user_id = $1` (what member reads say) cannot use the expression index above
CREATE INDEX ledger_accounts_owner ON ledger_accounts (owner_user_id, kind) WHERE owner_user_id IS NOT NULL;

-- Inserted by postings, deleted only when folded (in the same statement that adds them to the
-- account row), so each delta counts exactly once. A queue, not the ledger: `transfers` stays the
-- insert-only record. Vacuumed often: rows come and go all day.
CREATE TABLE ledger_deltas (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id  bigint NOT NULL REFERENCES ledger_accounts(id),
  amount      bigint NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
        autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 2000);
CREATE INDEX ledger_deltas_account ON ledger_deltas (account_id);

CREATE VIEW accounts AS
SELECT a.id, a.owner_user_id, a.kind,
       a.balance + coalesce((SELECT sum(d.amount)::bigint FROM ledger_deltas d WHERE d.account_id = a.id), 0)
         AS balance,
       a.pending, a.version
  FROM ledger_accounts a;

-- A correction by hand through the view (an operator's repair; tests that fake drift) changes the
-- account row by the same amount, so the view then shows the value written.
CREATE FUNCTION accounts_view_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id OR NEW.owner_user_id IS DISTINCT FROM OLD.owner_user_id OR NEW.kind <> OLD.kind THEN
    RAISE EXCEPTION 'only the balance and pending of an account can be changed' USING ERRCODE = 'P0001';
  END IF;
  UPDATE ledger_accounts
     SET balance = balance + (NEW.balance - OLD.balance), pending = pending + (NEW.pending - OLD.pending),
         version = version + 1
   WHERE id = OLD.id;
  RETURN NEW;
END $$;
CREATE TRIGGER accounts_view_update INSTEAD OF UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION accounts_view_update();

-- 2. The earning limit without a lock on the member (DOMAIN.md, Earning limit). A member's total
--    earnings are split over stripes; each stripe holds an allowance, room under the limit reserved
--    for it (earned <= allowance, and the allowances sum to at most the limit when they are granted).
--    An income paid within a free stripe's allowance locks that stripe only (FOR UPDATE SKIP LOCKED:
--    it never waits); granting allowances takes the member's cap lock (an advisory lock), and decides
--    from the limit as it stands. modules/incomes/cap.ts has the rules.
CREATE TABLE earning_stripes (
  user_id     bigint NOT NULL REFERENCES users(id),
  stripe      smallint NOT NULL CHECK (stripe >= 0),
  earned      bigint NOT NULL DEFAULT 0,
  allowance   bigint NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, stripe),
  CHECK (earned >= 0 AND allowance >= earned)
);
INSERT INTO earning_stripes (user_id, stripe, earned, allowance, updated_at)
SELECT user_id, 0, total, total, updated_at FROM member_earnings;
DROP TABLE member_earnings;
-- the running total the limit is checked against, as it was
CREATE VIEW member_earnings AS
SELECT user_id, sum(earned)::bigint AS total, max(updated_at) AS updated_at FROM earning_stripes GROUP BY user_id;

-- 3. Member figures in O(1): incomes credited to a member by kind, all time ('all') and per calendar
--    month of the transfer in UTC ('YYYY-MM'). Written as deltas by the posting (no lock on the
--    member: an upline is paid by every claim below them), folded by 'ledger-fold'.
CREATE TABLE income_totals (
  user_id  bigint NOT NULL,
  kind     text NOT NULL,
  period   text NOT NULL,
  amount   bigint NOT NULL,
  PRIMARY KEY (user_id, kind, period)
);
CREATE TABLE income_total_deltas (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id  bigint NOT NULL,
  kind     text NOT NULL,
  period   text NOT NULL,
  amount   bigint NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
        autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 2000);
CREATE INDEX income_total_deltas_user ON income_total_deltas (user_id);

INSERT INTO income_totals (user_id, kind, period, amount)
SELECT a.owner_user_id, t.kind, p.period, sum(t.amount)::bigint
  FROM transfers t
  JOIN ledger_accounts a ON a.id = t.credit_account
  CROSS JOIN LATERAL (VALUES ('all'), (to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM'))) AS p(period)
 WHERE t.status = 'posted' AND a.owner_user_id IS NOT NULL
   AND t.kind IN ('direct_income', 'level_income', 'roi_income', 'reward', 'salary', 'cto', 'bonus')
 GROUP BY 1, 2, 3;
