-- Four eyes that work, and payout hashes checked (issue 27, parts 2, 3 and 7).
--
-- withdrawal_approvals held every admin who approved a withdrawal, the payer included (the payer's
-- own action counted as an approval). From now on it holds the sign-offs only: the first step of
-- four eyes, by a finance admin; the second step (the payout, or the manual approval with a hash)
-- is by another finance admin and is recorded where it always was (payouts.created_by,
-- withdrawals.decided_by, the audit log). The rows already written for payers are kept, marked.
ALTER TABLE withdrawal_approvals ADD COLUMN step text NOT NULL DEFAULT 'sign_off'
  CHECK (step IN ('sign_off', 'payer'));
UPDATE withdrawal_approvals a SET step = 'payer'
  FROM withdrawals w
 WHERE w.id = a.withdrawal_id
   AND ((w.status = 'approved' AND w.decided_by = a.admin_id)
        OR EXISTS (SELECT 1 FROM payouts p WHERE p.withdrawal_id = w.id AND p.created_by = a.admin_id));

-- One payout transaction pays one withdrawal: a hash approves at most one (compared without case).
-- Withdrawals approved before this with a hash used twice keep it (history is not rewritten); they
-- are left out of the index, and the server refuses any new use of a hash already recorded.
DO $$
DECLARE
  reused bigint[];
BEGIN
  SELECT coalesce(array_agg(w.id ORDER BY w.id), '{}') INTO reused
    FROM withdrawals w
   WHERE w.tx_hash IS NOT NULL
     AND EXISTS (SELECT 1 FROM withdrawals o
                  WHERE o.id <> w.id AND o.tx_hash IS NOT NULL AND lower(o.tx_hash) = lower(w.tx_hash));
  IF cardinality(reused) = 0 THEN
    CREATE UNIQUE INDEX withdrawals_tx_hash_once ON withdrawals (lower(tx_hash)) WHERE tx_hash IS NOT NULL;
  ELSE
    RAISE WARNING 'withdrawals % share a payout transaction hash; they stay as they are, outside the unique index', reused;
    EXECUTE format(
      'CREATE UNIQUE INDEX withdrawals_tx_hash_once ON withdrawals (lower(tx_hash)) WHERE tx_hash IS NOT NULL AND id <> ALL (%L::bigint[])',
      reused);
  END IF;
END $$;
