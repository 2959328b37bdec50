-- The backups' seal (modules/operations/backups/keys.ts), one row for the whole platform, so every
-- instance encrypts to the same key and signs with the same key: the age recipient (public) backups
-- are encrypted to, and the Ed25519 key they are signed with, itself sealed (AES-256-GCM) under a
-- key derived from the server secret. A backup holds this row but never the server secret, so the
-- row signs nothing for whoever holds a backup; a restore rotates the secret, and the restored
-- platform makes a new seal (and the operator gets a new backup key) at its first backup.
CREATE TABLE backup_seal (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  recipient    text NOT NULL,
  signing_key  text NOT NULL,
  -- the operator's key file as it was first written (its folder, on the instance that made it)
  key_file     text NOT NULL,
  made_at      timestamptz NOT NULL
);
