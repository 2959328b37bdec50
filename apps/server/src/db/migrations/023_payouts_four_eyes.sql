-- Four eyes and on-chain payouts (issue 15, part 1).
--
-- An admin's approval of a withdrawal, once per admin: a withdrawal whose net is above
-- FOUR_EYES_ABOVE_USDT is paid (by hand or on chain) only once two different admins approved it.
CREATE TABLE withdrawal_approvals (
  withdrawal_id  bigint NOT NULL REFERENCES withdrawals(id),
  admin_id       bigint NOT NULL REFERENCES users(id),
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (withdrawal_id, admin_id)
);

-- A USDT transfer from the hot wallet paying one withdrawal. The row is written and committed with
-- the signed transaction (raw bytes, hash, nonce) *before* it is sent, so a crash anywhere after
-- leaves a record to reconcile against the chain: the same bytes are sent again (one nonce, one
-- hash: the chain mines it at most once), never a new transaction. 'failed' is final and only for a
-- transaction that provably never moved money (reverted on chain, or its nonce taken by another).
CREATE TABLE payouts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_id  bigint NOT NULL REFERENCES withdrawals(id),
  chain_id       integer NOT NULL,
  from_address   text NOT NULL,
  to_address     text NOT NULL,
  token          text NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  nonce          bigint NOT NULL CHECK (nonce >= 0),
  tx_hash        text NOT NULL UNIQUE,
  raw_tx         text NOT NULL,
  status         text NOT NULL DEFAULT 'signed' CHECK (status IN ('signed', 'sent', 'confirmed', 'failed')),
  error          text,
  block_number   bigint,
  created_by     bigint NOT NULL REFERENCES users(id),
  created_at     timestamptz NOT NULL,
  sent_at        timestamptz,
  confirmed_at   timestamptz
);
-- at most one payout that may still move money per withdrawal
CREATE UNIQUE INDEX payouts_live ON payouts (withdrawal_id) WHERE status <> 'failed';
-- a nonce of the hot wallet pays one withdrawal
CREATE UNIQUE INDEX payouts_nonce ON payouts (chain_id, from_address, nonce);
CREATE INDEX payouts_open ON payouts (id) WHERE status IN ('signed', 'sent');
CREATE INDEX payouts_day ON payouts (created_at) WHERE status <> 'failed';
