-- Every way money comes in, one row per deposit, for the admin figures (dashboard and Reports ->
-- Deposits): deposits an admin recorded, crypto payments through the provider, on-chain wallet
-- deposits and redeemed deposit codes. `status` reads as for admin deposits: approved once the
-- fund wallet was credited (the ledger transfer exists), pending while it may still be, rejected
-- when it no longer can be. A child payment (a second payment to the same order) is recorded
-- against its parent and never credited by itself, so only parents count. The code itself is not
-- shown: a used code is spent, but it stays nobody's business.
CREATE VIEW deposit_channels AS
  SELECT 'admin'::text AS channel, d.id, d.user_id, d.amount, d.status, d.created_at, d.decided_at,
         d.note
    FROM deposits d
  UNION ALL
  SELECT 'crypto', p.id, p.user_id, coalesce(p.credited_amount, p.price_amount),
         CASE WHEN p.transfer_id IS NOT NULL THEN 'approved'
              WHEN p.status IN ('failed', 'refunded', 'expired') OR p.expired_locally THEN 'rejected'
              ELSE 'pending' END,
         p.created_at, p.credited_at, 'Payment ' || p.payment_id
    FROM provider_payments p
   WHERE p.parent_id IS NULL
  UNION ALL
  SELECT 'wallet', w.id, w.user_id, w.amount,
         CASE WHEN w.status = 'credited' THEN 'approved' ELSE 'pending' END,
         w.created_at, w.credited_at, 'Transaction ' || w.tx_hash
    FROM web3_deposits w
  UNION ALL
  SELECT 'code', c.id, c.used_by, c.value, 'approved', c.used_at, c.used_at, NULL
    FROM codes c
   WHERE c.transfer_id IS NOT NULL;
