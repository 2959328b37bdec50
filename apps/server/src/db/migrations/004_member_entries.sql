-- Every ledger transfer as the member(s) it touches see it: a credit to the receiving member, a
-- debit to the paying member. The spec's transaction lists are filters over this view.
CREATE VIEW member_entries AS
  SELECT t.id AS transaction_id, a.owner_user_id AS user_id, 'credit'::text AS transaction_type,
         t.kind AS source, a.kind AS wallet, t.amount, t.status, t.meta, t.ref_type, t.ref_id, t.created_at
    FROM transfers t JOIN accounts a ON a.id = t.credit_account
   WHERE a.owner_user_id IS NOT NULL
  UNION ALL
  SELECT t.id, a.owner_user_id, 'debit'::text, t.kind, a.kind, t.amount, t.status, t.meta, t.ref_type, t.ref_id, t.created_at
    FROM transfers t JOIN accounts a ON a.id = t.debit_account
   WHERE a.owner_user_id IS NOT NULL;
