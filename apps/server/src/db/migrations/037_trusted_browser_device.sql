-- Issue 36.8: a trusted browser is bound to the browser that got it. The server keeps the SHA-256 of
-- a random device secret the browser holds in an HttpOnly cookie (script cannot read it); the token
-- alone, copied out of the web app's storage, no longer skips the code step. Browsers trusted before
-- this were bound to nothing: their trust ends, and their admins type a code once more.
ALTER TABLE admin_trusted_browsers ADD COLUMN device_hash text;
UPDATE admin_trusted_browsers SET revoked_at = now() WHERE revoked_at IS NULL;
