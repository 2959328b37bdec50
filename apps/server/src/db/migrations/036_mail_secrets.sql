-- Staff never see a member's secrets (issue 36). The outbox stores every mail with the codes and
-- link tokens its template names masked; what must still be delivered is kept beside it, sealed
-- (AES-256-GCM under a key derived from the server secret, bound to the mail's id), and only while
-- the secret works: deleted once delivered through a mail server, or when it expires.
ALTER TABLE mail_outbox ADD COLUMN has_secret boolean NOT NULL DEFAULT false;

CREATE TABLE mail_secrets (
  mail_id    bigint PRIMARY KEY REFERENCES mail_outbox (id) ON DELETE CASCADE,
  sealed     text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX mail_secrets_expiry ON mail_secrets (expires_at);

-- Mails queued before this release hold their secrets in clear: mask them where each template put
-- it (a 6-digit code in the subject and text; a reset or invitation link's token). A mail still
-- pending cannot be delivered any more (its secret is gone): it is given up with the reason, and
-- support re-sends it (a new code or link).
UPDATE mail_outbox
   SET has_secret = true,
       subject = regexp_replace(subject, '\m[0-9]{6}\M', '••••••', 'g'),
       body_text = regexp_replace(body_text, '\m[0-9]{6}\M', '••••••', 'g')
 WHERE template IN ('otp', 'admin_email_code');
UPDATE mail_outbox
   SET has_secret = true,
       body_text = regexp_replace(
         regexp_replace(body_text, '(/reset-password\?token=)[A-Za-z0-9_-]+', '\1••••••', 'g'),
         '(/admin-invitation/)[A-Za-z0-9_-]+', '\1••••••', 'g')
 WHERE template IN ('password_reset', 'admin_invitation');
UPDATE mail_outbox
   SET status = 'failed',
       last_error = 'Its code or link was masked on upgrade before it could be delivered: re-send the mail'
 WHERE has_secret AND status = 'pending';
