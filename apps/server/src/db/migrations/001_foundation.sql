-- Foundation: members and admins, sessions, sign-in throttling, OTPs, password resets, mail outbox,
-- the append-only audit log, and the ledger tables (accounts, transfers) that every balance comes from.
CREATE EXTENSION IF NOT EXISTS ltree;

CREATE TABLE users (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username        text NOT NULL UNIQUE,
  email           text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash   text NOT NULL,
  role            text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  status          text NOT NULL DEFAULT 'unblock' CHECK (status IN ('unblock', 'block')),
  is_active       text NOT NULL DEFAULT 'inactive' CHECK (is_active IN ('active', 'inactive')),
  roi_status      text NOT NULL DEFAULT 'open' CHECK (roi_status IN ('open', 'close')),
  level_status    text NOT NULL DEFAULT 'open' CHECK (level_status IN ('open', 'close')),
  address         text NOT NULL DEFAULT '',
  fullname        text NOT NULL,
  phone           text NOT NULL DEFAULT '',
  -- team business figure in micro-units (rolled up from purchases by the compensation engine)
  business        bigint NOT NULL DEFAULT 0 CHECK (business >= 0),
  reffer_by       text,
  sponsor_id      bigint REFERENCES users(id),
  refferal_code   text NOT NULL UNIQUE,
  -- materialised path of user ids from the root: ancestors without a query
  path            ltree,
  paid_member     boolean NOT NULL DEFAULT false,
  plan_id         integer,
  activation_date timestamptz,
  last_login      timestamptz,
  verify_at       timestamptz,
  bep20           text NOT NULL DEFAULT '',
  trc20           text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_path_gist ON users USING gist (path);
CREATE INDEX users_sponsor ON users (sponsor_id);
CREATE INDEX users_created ON users (created_at);
-- exactly one root: the first member registered without a sponsor
CREATE UNIQUE INDEX users_single_root ON users ((true)) WHERE role = 'user' AND sponsor_id IS NULL;

CREATE TABLE sessions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  audience    text NOT NULL CHECK (audience IN ('member', 'admin')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  ip          text,
  user_agent  text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- failed sign-ins, per attempted account name (also for names that do not exist)
CREATE TABLE login_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account     text NOT NULL,
  ip          text,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_at ON login_failures (account, at);

CREATE TABLE email_otps (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  tries       integer NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_otps_user ON email_otps (user_id, created_at DESC);

CREATE TABLE password_resets (
  token_hash  text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE mail_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body_text   text NOT NULL,
  template    text NOT NULL,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'logged')),
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);
CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE status = 'pending';

-- Every admin change to data: who, what, before, after, when, from where. Append-only.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id    bigint REFERENCES users(id) ON DELETE SET NULL,
  action      text NOT NULL,
  target_type text NOT NULL,
  target_id   text,
  before      jsonb,
  after       jsonb,
  ip          text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id);
CREATE INDEX audit_log_created ON audit_log (created_at DESC);

CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- Ledger (ARCHITECTURE.md, Ledger): balances in integer micro-units, one row per (owner, kind).
CREATE TABLE accounts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_user_id  bigint REFERENCES users(id),
  kind           text NOT NULL,
  balance        bigint NOT NULL DEFAULT 0,
  pending        bigint NOT NULL DEFAULT 0,
  version        bigint NOT NULL DEFAULT 0,
  CONSTRAINT member_balance_non_negative CHECK (owner_user_id IS NULL OR balance >= 0)
);
CREATE UNIQUE INDEX accounts_owner_kind ON accounts (coalesce(owner_user_id, 0), kind);

CREATE TABLE transfers (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotency_key  text NOT NULL UNIQUE,
  request_hash     text NOT NULL,
  kind             text NOT NULL,
  debit_account    bigint NOT NULL REFERENCES accounts(id),
  credit_account   bigint NOT NULL REFERENCES accounts(id),
  amount           bigint NOT NULL CHECK (amount > 0),
  status           text NOT NULL CHECK (status IN ('posted', 'pending', 'voided')),
  ref_type         text,
  ref_id           text,
  meta             jsonb NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account <> credit_account)
);
CREATE INDEX transfers_debit ON transfers (debit_account, created_at);
CREATE INDEX transfers_credit ON transfers (credit_account, created_at);

-- Insert-only: the one change allowed is a pending transfer becoming posted or voided.
CREATE FUNCTION transfers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status IN ('posted', 'voided')
     AND (to_jsonb(NEW) - 'status') = (to_jsonb(OLD) - 'status') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'transfers are insert-only' USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER transfers_insert_only BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION transfers_guard();
