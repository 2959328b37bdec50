-- Every change that can end a member's session tells each API instance at commit (NOTIFY), so the
-- instances may remember checked sessions for a few seconds instead of reading them on every
-- request (modules/auth/session-cache.ts). Triggers, not calls in the code: every path that revokes
-- (sign-out, sign out everywhere, password change or reset, blocking, deletion, a fix by hand) is
-- covered, today's and tomorrow's. PostgreSQL folds identical notices of one transaction into one.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', 'session:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', 'user:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.expires_at, OLD.user_id, OLD.audience)
        IS DISTINCT FROM (NEW.revoked_at, NEW.expires_at, NEW.user_id, NEW.audience))
  EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_access_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.status, OLD.role) IS DISTINCT FROM (NEW.status, NEW.role))
  EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
