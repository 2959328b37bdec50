-- Income views (modules/incomes/queries.ts): the admin overview reads every kind of a period, and
-- the transaction screens find the income a ledger transfer paid.
CREATE INDEX incomes_created ON incomes (created_at);
CREATE UNIQUE INDEX incomes_transfer ON incomes (transfer_id) WHERE transfer_id IS NOT NULL;
