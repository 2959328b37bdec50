-- Notifications (spec 3): to every member (`users` true) or to the listed recipients only; seen
-- state is per member, one row per member who has seen a notification. Banners: uploaded images,
-- the newest one is the banner; the file lives under DATA_DIR/uploads/banners.
CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 150),
  message     text NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  users       boolean NOT NULL,
  type        text NOT NULL CHECK (type IN ('notification', 'site_popup')),
  created_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX notifications_all_users ON notifications (created_at DESC) WHERE users;

CREATE TABLE notification_recipients (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_recipients_user ON notification_recipients (user_id);

CREATE TABLE notification_seen (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  seen_at         timestamptz NOT NULL,
  PRIMARY KEY (user_id, notification_id)
);
CREATE INDEX notification_seen_notification ON notification_seen (notification_id);

CREATE TABLE banners (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- random name with the extension of the detected type; never the uploader's file name
  file_name    text NOT NULL UNIQUE CHECK (file_name ~ '^[0-9a-f-]{36}\.(png|jpg|webp|gif)$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  size         integer NOT NULL CHECK (size > 0),
  sha256       text NOT NULL,
  uploaded_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX banners_created ON banners (created_at DESC, id DESC);
