-- No single admin moves a member's money (issue 36). A back-office action that moves a member's
-- money is recorded as a request; a second admin approves it and only then does it run.
CREATE TABLE staff_approvals (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('adjustment', 'topup', 'deposit', 'reward', 'codes', 'payment', 'member_account')),
  -- the member whose money or account it touches; null for codes (the platform's value)
  user_id       bigint REFERENCES users(id),
  amount        bigint CHECK (amount IS NULL OR amount > 0),
  -- the request exactly as the first admin sent it, validated; run again through its schema
  payload       jsonb NOT NULL,
  summary       text NOT NULL,
  -- a retry of the first admin's request (its Idempotency-Key) answers the same pending request
  request_key   text,
  requested_by  bigint NOT NULL REFERENCES users(id),
  requested_at  timestamptz NOT NULL,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  decided_by    bigint REFERENCES users(id),
  decided_at    timestamptz,
  reason        text,
  result        text,
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK (status <> 'approved' OR decided_by <> requested_by)
);
CREATE INDEX staff_approvals_pending ON staff_approvals (id) WHERE status = 'pending';
CREATE UNIQUE INDEX staff_approvals_request_key ON staff_approvals (request_key) WHERE status = 'pending';

-- What one admin did alone that moved a member's money (deposits and withdrawals approved by hand,
-- under the four-eyes amount): the 24 h totals per admin and per member are read from here.
CREATE TABLE staff_solo_actions (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id  bigint NOT NULL REFERENCES users(id),
  user_id   bigint NOT NULL REFERENCES users(id),
  amount    bigint NOT NULL CHECK (amount > 0),
  kind      text NOT NULL,
  ref       text NOT NULL,
  at        timestamptz NOT NULL,
  UNIQUE (kind, ref)
);
CREATE INDEX staff_solo_actions_admin ON staff_solo_actions (admin_id, at);
CREATE INDEX staff_solo_actions_user ON staff_solo_actions (user_id, at);
