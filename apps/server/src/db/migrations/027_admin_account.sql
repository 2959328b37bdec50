-- The admin's own account (issue 27, part 4): e-mail change codes, trusted browsers.

-- An e-mail code has a purpose: 'verify' (a member proving their address, as before) or
-- 'email_change' (an admin moving to `new_email`; the code goes to that new address). One code
-- store and one mechanism (modules/otp/codes.ts); a new code replaces the open codes of its purpose.
ALTER TABLE email_otps
  ADD COLUMN purpose text NOT NULL DEFAULT 'verify' CHECK (purpose IN ('verify', 'email_change')),
  ADD COLUMN new_email text CHECK (new_email = lower(new_email));
ALTER TABLE email_otps ADD CONSTRAINT email_otps_new_email
  CHECK ((purpose = 'email_change') = (new_email IS NOT NULL));
DROP INDEX email_otps_user;
CREATE INDEX email_otps_user ON email_otps (user_id, purpose, id DESC);

-- "Trust this browser for 12 hours" at the admin TOTP step: the browser keeps a random token, the
-- server only its SHA-256. Valid for its admin until `expires_at`, unless revoked (sign out
-- everywhere, a password change, a 2FA reset, or from the Account page).
CREATE TABLE admin_trusted_browsers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash    text NOT NULL UNIQUE,
  user_agent    text,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX admin_trusted_browsers_admin ON admin_trusted_browsers (admin_id) WHERE revoked_at IS NULL;
