-- The admin's second-step ticket gives one session at most (issue 29.20). A ticket is a signed token
-- valid 5 minutes, naming a random id; the code step records that id here in the transaction that
-- opens the session, so a second use (later, with a fresh recovery code, or at the same moment)
-- finds it taken. A wrong code rolls its transaction back: the ticket stays usable for the right
-- one. Rows past `expires_at` prove nothing any more and are deleted as the admin's next one is used.
CREATE TABLE admin_signin_tickets_used (
  ticket_id   text PRIMARY KEY,
  admin_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  used_at     timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX admin_signin_tickets_used_admin ON admin_signin_tickets_used (admin_id, expires_at);
