-- An operator's first day (issue 27.5, 27.6): the setup list, and mail read in the back-office.

-- When an account's password last changed (null: never since the account was made, or since this
-- column was added). Set by the database on every path that changes a password (profile, admin
-- edit, reset link, the admin Account page), so no path can forget it: the time the writer gave
-- `updated_at` (its injected clock), else now().
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
CREATE FUNCTION note_password_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.password_changed_at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at
                                  THEN NEW.updated_at ELSE now() END;
  RETURN NEW;
END $$;
CREATE TRIGGER users_password_changed BEFORE UPDATE OF password_hash ON users
  FOR EACH ROW WHEN (NEW.password_hash IS DISTINCT FROM OLD.password_hash)
  EXECUTE FUNCTION note_password_change();

-- Setup items an owner dismissed (they do not apply to this platform). Undismissing deletes the row;
-- both are in the audit log.
CREATE TABLE setup_dismissals (
  item_id      text PRIMARY KEY,
  dismissed_by bigint REFERENCES users(id) ON DELETE SET NULL,
  dismissed_at timestamptz NOT NULL
);

-- Mail about an admin account (sent to an admin's address, or an `admin_*` template such as an
-- invitation) is read by owners only: its links open an admin account. Decided when the mail is
-- queued, so a later change of the admin's address does not uncover it.
ALTER TABLE mail_outbox ADD COLUMN owner_only boolean NOT NULL DEFAULT false;
UPDATE mail_outbox m SET owner_only = true
 WHERE m.template LIKE 'admin\_%'
    OR EXISTS (SELECT 1 FROM users u WHERE u.email = lower(m.to_address) AND u.role = 'admin');

-- GET /mail searches by the start of the recipient's address (newest first: the primary key)
CREATE INDEX mail_outbox_to ON mail_outbox (lower(to_address) text_pattern_ops, id DESC);
