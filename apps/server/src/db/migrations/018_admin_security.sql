-- Back-office hardening: per-account sign-in throttling with growing delays, and admin TOTP.

-- One row per account being throttled (modules/auth/repo.ts claimSigninAttempt). The key is
-- 'user:<id>' for an existing account, so its email and its username share one counter, and
-- 'name:<what was typed>' for names that match nobody (they are throttled the same way, so the
-- answers do not tell which accounts exist). Every attempt is counted when it starts and a success
-- deletes the row: parallel attempts cannot slip past the count. `next_at` is when the next attempt
-- will be looked at; an attempt before then is refused without touching the row.
CREATE TABLE login_throttle (
  account_key  text PRIMARY KEY,
  fails        integer NOT NULL CHECK (fails >= 0),
  last_at      timestamptz NOT NULL,
  next_at      timestamptz NOT NULL
);

-- The 15-minute lock it replaces counted rows of this table.
DROP TABLE login_failures;

-- An admin's TOTP authenticator (RFC 6238). The secret is stored encrypted (AES-256-GCM, key
-- derived from JWT_SECRET, modules/totp/secret-box.ts) and is returned only while enrolment waits
-- for its first code. `last_step` is the 30-second step of the last accepted code: a code is
-- accepted only for a later step, so none works twice.
CREATE TABLE admin_totp (
  user_id     bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_enc  text NOT NULL,
  enabled_at  timestamptz,
  last_step   bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL
);

-- One-time recovery codes, stored as SHA-256 digests (they are random, 50 bits each); a code
-- works once (`used_at`).
CREATE TABLE admin_recovery_codes (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  UNIQUE (user_id, code_hash)
);
