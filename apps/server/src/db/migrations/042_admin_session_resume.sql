-- Issue 37.12: an admin's reload or new tab resumes the browser's admin session instead of asking
-- for the password again. The session row keeps the SHA-256 of a random secret the browser holds in
-- an HttpOnly, SameSite=Strict cookie scoped to the resume route (never the secret itself), and when
-- the session was last used: a browser nobody used for a while resumes nothing (auth/resume.ts).
-- Both columns are nullable and unset on every existing row (no table rewrite); member sessions
-- never get them. The notice trigger of migration 020 watches other columns: touching these sends none.
ALTER TABLE sessions ADD COLUMN resume_hash text, ADD COLUMN seen_at timestamptz;
CREATE UNIQUE INDEX sessions_resume_hash ON sessions (resume_hash) WHERE resume_hash IS NOT NULL;
