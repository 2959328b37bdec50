-- Fraud signals (issue 15, part 3).
--
-- What a member's sign-ins, registrations and claims came from, hashed (HMAC with the server's
-- secret): the same address or device gives the same hash, and the table never holds an address.
-- A member deleted (one with no money history) takes their facts and hold along.
CREATE TABLE member_facts (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('register', 'signin', 'claim')),
  ip_hash      text NOT NULL,
  device_hash  text NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX member_facts_ip ON member_facts (ip_hash, created_at);
CREATE INDEX member_facts_device ON member_facts (device_hash, created_at);
CREATE INDEX member_facts_user ON member_facts (user_id, created_at);

-- A signal raised by the scan, once per piece of evidence (`key`): the members involved and why.
CREATE TABLE fraud_flags (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('shared_claims', 'self_referral', 'shared_address', 'registration_burst')),
  key          text NOT NULL UNIQUE,
  user_ids     bigint[] NOT NULL,
  evidence     jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'held', 'dismissed')),
  decided_by   bigint REFERENCES users(id),
  decided_at   timestamptz,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX fraud_flags_status ON fraud_flags (status, id DESC);

-- Members whose claims and withdrawal requests wait for a review.
CREATE TABLE member_holds (
  user_id     bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  flag_id     bigint REFERENCES fraud_flags(id),
  created_by  bigint NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL
);
