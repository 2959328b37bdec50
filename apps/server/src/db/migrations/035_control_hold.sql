-- Changing who controls an account is slow and loud (issue 36): a new password, e-mail or payout
-- address holds withdrawals and transfers to other members until this time (NULL: no hold ever).
-- `controls_hold_what` says which controls changed while the hold runs, for the member's banner.
ALTER TABLE users
  ADD COLUMN controls_hold_until timestamptz,
  ADD COLUMN controls_hold_what text[] NOT NULL DEFAULT '{}'
    CHECK (controls_hold_what <@ ARRAY['password', 'email', 'payout_address']::text[]);
