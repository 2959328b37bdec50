-- Fewer rows and bytes per money action (issue 30).
-- One income-total delta per member, kind and month: the all-time total is made from the month's
-- delta by the fold and by the member read, instead of a second delta row per income.
-- Deltas written by the previous release come in pairs ('all' and the month) and are folded here,
-- with that release's meaning, before any delta of the new kind is written. Instances of the
-- previous release must be stopped for the upgrade (docs/operations.md, Upgrading): the check below
-- refuses an 'all' delta, so one still running fails loudly instead of counting twice.
WITH moved AS (
  DELETE FROM income_total_deltas RETURNING user_id, kind, period, amount
), sums AS (
  SELECT user_id, kind, period, sum(amount)::bigint AS amount FROM moved GROUP BY 1, 2, 3
)
INSERT INTO income_totals AS t (user_id, kind, period, amount)
SELECT user_id, kind, period, amount FROM sums ORDER BY 1, 2, 3
ON CONFLICT (user_id, kind, period) DO UPDATE SET amount = t.amount + EXCLUDED.amount;

ALTER TABLE income_total_deltas ADD CONSTRAINT income_total_deltas_month CHECK (period ~ '^[0-9]{4}-[0-9]{2}$');

-- An income credited without a lock is one delta (ledger/repo.ts): the balance delta carries the
-- income's kind and month, and the fold adds it to the account row and to `income_totals` together.
-- `income_total_deltas` keeps the incomes of locked accounts (rare) and those a debit folds.
ALTER TABLE ledger_deltas ADD COLUMN income_kind text, ADD COLUMN period text;
ALTER TABLE ledger_deltas ADD CONSTRAINT ledger_deltas_income
  CHECK ((income_kind IS NULL) = (period IS NULL) AND (period IS NULL OR period ~ '^[0-9]{4}-[0-9]{2}$'));

-- The fold adds an account's income deltas to its own row, which it updates anyway for the balance,
-- instead of upserting two `income_totals` rows per member and kind: `income_totals` (jsonb) holds,
-- per income kind, the all-time total and the totals of the last three months credited,
-- {"level_income": {"all": 1500000, "2026-11": 500000, ...}, ...}. A member's running total of a kind
-- is the sum over their accounts' rows, `income_totals` (earlier folds) and the unfolded deltas.
ALTER TABLE ledger_accounts ADD COLUMN income_totals jsonb;

-- `totals` plus incomes (kind, month, amount): the all-time total and the months, the oldest beyond
-- the three latest of each kind dropped (member figures read the current month only).
CREATE FUNCTION income_totals_add(totals jsonb, kinds text[], periods text[], amounts bigint[])
RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN kinds IS NULL OR cardinality(kinds) = 0 THEN totals ELSE (
    SELECT jsonb_object_agg(kind, months) FROM (
      SELECT kind, jsonb_object_agg(period, amount) AS months FROM (
        SELECT kind, period, sum(amount) AS amount,
               row_number() OVER (PARTITION BY kind ORDER BY period = 'all' DESC, period DESC) AS rank
          FROM (SELECT k.key AS kind, p.key AS period, p.value::text::numeric AS amount
                  FROM jsonb_each(coalesce(totals, '{}')) AS k, jsonb_each(k.value) AS p
                UNION ALL
                SELECT x.kind, y.period, x.amount
                  FROM unnest(kinds, periods, amounts) AS x(kind, period, amount)
                 CROSS JOIN LATERAL (VALUES (x.period), ('all')) AS y(period)) e
         GROUP BY kind, period) r
       WHERE rank <= 4
       GROUP BY kind) t) END
$$;

-- A posting's request hash is kept on its first transfer (#0) only, the one a replay compares
-- (ledger/ledger.ts): 65 bytes less on every other transfer row.
ALTER TABLE transfers ALTER COLUMN request_hash DROP NOT NULL;
