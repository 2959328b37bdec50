-- One income-total delta per member, kind and month (issue 30): the all-time total is made from the
-- month's delta by the fold and by the member read, instead of a second delta row per income.
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
