-- Crypto payments through the payment provider (NOWPayments protocol; the built-in sandbox speaks it
-- too). A payment credits the member's fund once, when the provider reports it finished.

CREATE TABLE provider_payments (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  provider           text NOT NULL CHECK (provider IN ('sandbox', 'nowpayments')),
  -- the provider's id of the payment
  payment_id         text NOT NULL,
  -- a payment the provider opened on its own for money sent to one of ours (repeated or late
  -- payment): linked to the payment it names and left for an admin to decide, never credited blindly
  parent_id          bigint REFERENCES provider_payments(id),
  parent_payment_id  text,
  user_id            bigint NOT NULL REFERENCES users(id),
  order_id           text NOT NULL,
  status             text NOT NULL CHECK (status IN ('waiting', 'confirming', 'confirmed', 'sending',
                       'partially_paid', 'finished', 'failed', 'refunded', 'expired')),
  -- what the member asked to deposit (price currency usd, credited 1:1 as USDT micro-units)
  price_amount       bigint NOT NULL CHECK (price_amount > 0),
  price_currency     text NOT NULL,
  -- what the provider asked for and what arrived, in the pay currency (exact decimals)
  pay_currency       text NOT NULL,
  pay_amount         numeric(38, 18) NOT NULL,
  actually_paid      numeric(38, 18),
  pay_address        text NOT NULL,
  expires_at         timestamptz,
  -- expired by our job (the provider never reported it): a later `finished` is still credited
  expired_locally    boolean NOT NULL DEFAULT false,
  -- why an admin should decide on it (partially paid, child payment, finished after a refusal...)
  review             text,
  transfer_id        uuid REFERENCES transfers(id),
  credited_amount    bigint CHECK (credited_amount > 0),
  credited_at        timestamptz,
  last_checked_at    timestamptz,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  UNIQUE (provider, payment_id),
  CHECK ((transfer_id IS NULL) = (credited_amount IS NULL))
);
CREATE UNIQUE INDEX provider_payments_order ON provider_payments (order_id) WHERE parent_id IS NULL;
CREATE INDEX provider_payments_user ON provider_payments (user_id, created_at DESC);
CREATE INDEX provider_payments_open ON provider_payments (last_checked_at NULLS FIRST)
  WHERE status NOT IN ('finished', 'failed', 'refunded', 'expired');
CREATE INDEX provider_payments_review ON provider_payments (created_at DESC) WHERE review IS NOT NULL;
CREATE INDEX provider_payments_parent ON provider_payments (parent_id) WHERE parent_id IS NOT NULL;

-- Every status change of a payment and every refused callback that carried a valid signature
-- (unknown payment, amount or currency mismatch, out of order): what happened, from where, when.
CREATE TABLE provider_payment_events (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payment_ref    bigint REFERENCES provider_payments(id),
  provider       text NOT NULL,
  payment_id     text,
  source         text NOT NULL CHECK (source IN ('create', 'ipn', 'poll', 'admin', 'expiry', 'settle')),
  status         text,
  accepted       boolean NOT NULL,
  note           text NOT NULL DEFAULT '',
  actually_paid  numeric(38, 18),
  payload        jsonb,
  created_at     timestamptz NOT NULL
);
CREATE INDEX provider_payment_events_payment ON provider_payment_events (payment_ref, id);
CREATE INDEX provider_payment_events_refused ON provider_payment_events (created_at DESC) WHERE NOT accepted;
CREATE TRIGGER provider_payment_events_append_only BEFORE UPDATE OR DELETE ON provider_payment_events
  FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- The sandbox provider's own books (PAYMENT_PROVIDER=sandbox): the stand-in server keeps its
-- payments here so they survive a restart and every instance sees the same ones. Nothing of the
-- product reads this table; the product only talks to the sandbox over HTTP.
CREATE TABLE sandbox_payments (
  payment_id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000000001) PRIMARY KEY,
  status              text NOT NULL,
  price_amount        numeric(20, 2) NOT NULL,
  price_currency      text NOT NULL,
  pay_currency        text NOT NULL,
  pay_amount          numeric(38, 18) NOT NULL,
  actually_paid       numeric(38, 18) NOT NULL DEFAULT 0,
  pay_address         text NOT NULL,
  order_id            text,
  order_description   text,
  ipn_callback_url    text,
  purchase_id         text NOT NULL,
  -- moves along waiting -> confirming -> confirmed -> sending -> finished on the timer until an
  -- admin pushes it by hand
  auto                boolean NOT NULL DEFAULT true,
  step                integer NOT NULL DEFAULT 0,
  ipn_sent_status     text,
  ipn_attempts        integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL
);
CREATE INDEX sandbox_payments_open ON sandbox_payments (updated_at)
  WHERE status NOT IN ('finished', 'failed', 'refunded', 'expired') OR ipn_sent_status IS DISTINCT FROM status;
