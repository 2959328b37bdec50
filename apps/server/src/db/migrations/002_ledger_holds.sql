-- Two-phase transfers: a pending transfer holds its amount on the debit account (`pending`) until it
-- is posted or voided. `balance` is always the sum of posted transfers; what a member can spend
-- is balance - pending, which can never go below zero.
ALTER TABLE accounts DROP CONSTRAINT member_balance_non_negative;
ALTER TABLE accounts
  ADD CONSTRAINT pending_non_negative CHECK (pending >= 0),
  ADD CONSTRAINT member_available_non_negative CHECK (owner_user_id IS NULL OR balance - pending >= 0);
ALTER TABLE accounts
  ADD CONSTRAINT account_kind_known CHECK (
    (owner_user_id IS NOT NULL AND kind IN ('fund', 'earnings', 'roi', 'principal', 'compound'))
    OR (owner_user_id IS NULL AND kind LIKE 'platform:%')
  );
ALTER TABLE transfers ADD COLUMN settled_at timestamptz;
CREATE INDEX transfers_pending ON transfers (created_at) WHERE status = 'pending';
CREATE INDEX transfers_ref ON transfers (ref_type, ref_id);

-- settled_at may be set together with the status change of a pending transfer
CREATE OR REPLACE FUNCTION transfers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status IN ('posted', 'voided')
     AND (to_jsonb(NEW) - 'status' - 'settled_at') = (to_jsonb(OLD) - 'status' - 'settled_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'transfers are insert-only' USING ERRCODE = 'P0001';
END $$;

-- the idempotency key of the posting a transfer belongs to (a posting may hold several transfers,
-- keyed `<posting key>#<index>` in idempotency_key)
ALTER TABLE transfers ADD COLUMN posting_key text;
ALTER TABLE transfers DISABLE TRIGGER transfers_insert_only;
UPDATE transfers SET posting_key = idempotency_key WHERE posting_key IS NULL;
ALTER TABLE transfers ENABLE TRIGGER transfers_insert_only;
ALTER TABLE transfers ALTER COLUMN posting_key SET NOT NULL;
CREATE INDEX transfers_posting_key ON transfers (posting_key);
