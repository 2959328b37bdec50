-- Several API instances behind one load balancer share nothing but PostgreSQL, so two things that
-- lived in one process or on one disk move here.
--
-- Uploaded pictures (notification banner, achiever photos): the bytes themselves, so every instance
-- serves every picture. `banners.file_name` and `achievers.photo_file` keep naming them (the URLs do
-- not change); the row here is written and removed in the same transaction as the row that uses it.
-- Pictures uploaded before this table are copied in from DATA_DIR/uploads at start (storage/images.ts),
-- which is why there is no foreign key from those columns: their rows exist before their bytes do.
CREATE TABLE uploads (
  file_name    text PRIMARY KEY CHECK (file_name ~ '^[0-9a-f-]{36}\.(png|jpg|webp|gif)$'),
  kind         text NOT NULL CHECK (kind IN ('banner', 'achiever')),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  bytes        bytea NOT NULL CHECK (octet_length(bytes) > 0),
  -- derived by the database, so they always describe the stored bytes (the ETag is the hash)
  size         integer GENERATED ALWAYS AS (octet_length(bytes)) STORED,
  sha256       text GENERATED ALWAYS AS (encode(sha256(bytes), 'hex')) STORED,
  created_at   timestamptz NOT NULL
);
-- PNG, JPEG, WebP and GIF are compressed already: store them out of line without trying again.
ALTER TABLE uploads ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Recurring jobs (jobs/scheduler.ts): one row per job. Every worker instance tries each tick of a
-- job's interval; the instance whose upsert moves `last_tick` forward runs it, the others skip, so a
-- job runs once per tick however many instances there are. Ticks count on the database's clock
-- (epoch milliseconds / every_ms), the one clock every instance shares. The counters are the
-- durable record operators read: how often a job ran, failed, where and when it last did.
CREATE TABLE job_runs (
  job              text PRIMARY KEY,
  every_ms         integer NOT NULL CHECK (every_ms > 0),
  last_tick        bigint NOT NULL,
  runs             bigint NOT NULL DEFAULT 0,
  failures         bigint NOT NULL DEFAULT 0,
  last_instance    text,
  last_started_at  timestamptz,
  last_finished_at timestamptz,
  last_error       text
);
