-- Requests that create something without moving money yet (an admin recording a pending deposit,
-- issuing codes) are made idempotent by the client's Idempotency-Key: the first answer is kept
-- and a retry gets it back instead of creating a second deposit or batch of codes. Money-moving
-- requests are idempotent through the ledger's own posting keys instead.
CREATE TABLE idempotent_requests (
  key           text PRIMARY KEY,
  request_hash  text NOT NULL,
  response      jsonb,
  created_at    timestamptz NOT NULL
);
