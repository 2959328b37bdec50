-- Content (spec 7: News, Achievers, QR links; their fields are not shown there). Admins write them,
-- every change audited; news and achievers are public (the home page), QR links are for members.

CREATE TABLE news (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  content     text NOT NULL CHECK (length(content) BETWEEN 1 AND 5000),
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX news_newest ON news (created_at DESC, id DESC);

-- The photo lives under DATA_DIR/uploads/achievers under a random name with the extension of the
-- type recognised from its bytes; never the uploader's file name.
CREATE TABLE achievers (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  achievement  text NOT NULL CHECK (length(achievement) BETWEEN 1 AND 200),
  photo_file   text NOT NULL UNIQUE CHECK (photo_file ~ '^[0-9a-f-]{36}\.(png|jpg|webp|gif)$'),
  photo_type   text NOT NULL CHECK (photo_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  photo_size   integer NOT NULL CHECK (photo_size > 0),
  created_by   bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX achievers_newest ON achievers (created_at DESC, id DESC);

CREATE TABLE qr_links (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  url         text NOT NULL CHECK (length(url) <= 1000 AND url ~* '^https?://'),
  active      boolean NOT NULL DEFAULT true,
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX qr_links_newest ON qr_links (created_at DESC, id DESC);
CREATE INDEX qr_links_active ON qr_links (created_at DESC, id DESC) WHERE active;
