-- The back-office team (issue 27). Every admin keeps role 'admin'; `admin_roles` says what each may
-- use (contracts/admins.ts). The admins that exist are owners: until now each could do everything.
ALTER TABLE users ADD COLUMN admin_roles text[] NOT NULL DEFAULT '{}'
  CHECK (admin_roles <@ ARRAY['owner', 'finance', 'support', 'content', 'auditor']::text[]);
UPDATE users SET admin_roles = '{owner}' WHERE role = 'admin';
-- only admins hold roles, and every admin holds one
ALTER TABLE users ADD CONSTRAINT users_admin_roles
  CHECK ((role = 'admin') = (cardinality(admin_roles) > 0));

-- An owner's invitation: the link carries a random token, of which only the SHA-256 digest is kept.
-- It works once (`accepted_at`) and until `expires_at` (48 h); an owner may withdraw it.
CREATE TABLE admin_invitations (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email        text NOT NULL CHECK (email = lower(email)),
  fullname     text NOT NULL,
  roles        text[] NOT NULL CHECK (cardinality(roles) > 0),
  token_hash   text NOT NULL UNIQUE,
  invited_by   bigint NOT NULL REFERENCES users(id),
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz,
  withdrawn_at timestamptz,
  admin_id     bigint REFERENCES users(id)
);
-- one open invitation per address
CREATE UNIQUE INDEX admin_invitations_open ON admin_invitations (email)
  WHERE accepted_at IS NULL AND withdrawn_at IS NULL;
