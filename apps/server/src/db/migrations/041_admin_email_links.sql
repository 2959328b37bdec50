-- An owner moves another admin to a new e-mail address (issue 37 item 5): the admin's address
-- changes only when the link mailed to the new address is opened and confirmed. The link carries a
-- random token, of which only the SHA-256 digest is kept. It works once (`used_at`), until
-- `expires_at`; a new request for the same admin replaces the open one (`withdrawn_at`).
CREATE TABLE admin_email_links (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  old_email     text NOT NULL,
  new_email     text NOT NULL CHECK (new_email = lower(new_email)),
  token_hash    text NOT NULL UNIQUE,
  requested_by  bigint NOT NULL REFERENCES users(id),
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  withdrawn_at  timestamptz
);
-- one open change per admin
CREATE UNIQUE INDEX admin_email_links_open ON admin_email_links (admin_id)
  WHERE used_at IS NULL AND withdrawn_at IS NULL;
