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

-- `totals` plus incomes (kind, month, amount): the all-time total and the month of each, the months
-- beyond the three latest of a kind dropped as a new one comes (member figures read the current
-- month only). PL/pgSQL on the jsonb values: 6-7 us a call, where the same in one SQL statement
-- (the totals taken apart, summed and put together again) took 70-150 us, on every account a claim
-- credits (measured on the 2-core machine, 20,000 calls).
CREATE FUNCTION income_totals_add(totals jsonb, kinds text[], periods text[], amounts bigint[])
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  t jsonb := coalesce(totals, '{}');
  k jsonb;
  fresh boolean;
BEGIN
  IF kinds IS NULL THEN
    RETURN totals;
  END IF;
  FOR i IN 1 .. cardinality(kinds) LOOP
    k := coalesce(t -> kinds[i], '{}');
    fresh := NOT k ? periods[i];
    k := k || jsonb_build_object('all', coalesce((k ->> 'all')::bigint, 0) + amounts[i],
                                 periods[i], coalesce((k ->> periods[i])::bigint, 0) + amounts[i]);
    IF fresh THEN
      k := k - ARRAY(SELECT key FROM jsonb_object_keys(k) AS key WHERE key <> 'all' ORDER BY key DESC OFFSET 3);
    END IF;
    t := jsonb_set(t, ARRAY[kinds[i]], k);
  END LOOP;
  RETURN t;
END $$;

-- A posting's request hash is kept on its first transfer (#0) only, the one a replay compares
-- (ledger/ledger.ts): 65 bytes less on every other transfer row.
ALTER TABLE transfers ALTER COLUMN request_hash DROP NOT NULL;
