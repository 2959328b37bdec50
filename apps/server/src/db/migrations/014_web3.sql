-- Wallet connection and wallet deposits (DOMAIN.md, Money in and out): the wallet addresses a member
-- proved to own, the one-time messages they signed to prove it, and the on-chain USDT transfers
-- verified and credited once per (chain, transaction, log index).

-- Addresses are stored lowercase; one address belongs to one member at most.
CREATE TABLE wallet_addresses (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address     text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
  created_at  timestamptz NOT NULL
);
CREATE INDEX wallet_addresses_user ON wallet_addresses (user_id);

-- The message a member signs (personal_sign) to link an address: single use, short-lived.
CREATE TABLE wallet_link_nonces (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address     text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  message     text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX wallet_link_nonces_open ON wallet_link_nonces (user_id, address) WHERE used_at IS NULL;

-- One row per Transfer log of the deposit token to the platform address. `confirming` until the
-- block has enough confirmations, then `credited` with the ledger transfer (key
-- web3:<chain>:<tx>:<log>, so a second attempt can never post again).
CREATE TABLE web3_deposits (
  id                      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id                 bigint NOT NULL REFERENCES users(id),
  chain_id                integer NOT NULL,
  tx_hash                 text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  log_index               integer NOT NULL CHECK (log_index >= 0),
  block_number            bigint NOT NULL,
  block_hash              text NOT NULL,
  from_address            text NOT NULL,
  to_address              text NOT NULL,
  token_address           text NOT NULL,
  -- micro-units credited, and the raw on-chain value (18 decimals) it came from
  amount                  bigint NOT NULL CHECK (amount > 0),
  amount_raw              numeric(78, 0) NOT NULL,
  status                  text NOT NULL DEFAULT 'confirming' CHECK (status IN ('confirming', 'credited')),
  confirmations           integer NOT NULL,
  required_confirmations  integer NOT NULL,
  transfer_id             uuid REFERENCES transfers(id),
  created_at              timestamptz NOT NULL,
  checked_at              timestamptz NOT NULL,
  credited_at             timestamptz,
  UNIQUE (chain_id, tx_hash, log_index),
  CHECK ((status = 'credited') = (transfer_id IS NOT NULL))
);
CREATE INDEX web3_deposits_user ON web3_deposits (user_id, id DESC);
CREATE INDEX web3_deposits_confirming ON web3_deposits (id) WHERE status = 'confirming';
