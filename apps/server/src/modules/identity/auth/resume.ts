/**
 * An admin's reload or new tab resumes the browser's admin session (issue 37.12). The session token
 * itself stays in the page's memory (spec: only the member's auth persists); what survives a reload
 * is a random 256-bit resume secret in a cookie that no script can read (HttpOnly), that no other
 * site's page sends (SameSite=Strict), and that goes to one route only (Path): POST
 * /auth/adminsession, which answers a new token of the SAME session row. So:
 * - signing out (or out everywhere, a password change, a block) revokes the row, and with it every
 *   tab's token and every resume at once; the sign-out answers also clear the cookie;
 * - a resumed token ends when the session does (8 hours from the sign-in, never extended);
 * - a browser nobody used for RESUME_IDLE_MINUTES resumes nothing (the row's seen_at, noted at most
 *   once a minute by the session check): the password is asked again;
 * - the row keeps only the secret's SHA-256; a database read gives no way into a session.
 * A script injected into the page can call the route as the page does and get a token, but it could
 * read the page's in-memory token as well; a copied cookie works only until the idle window or the
 * session ends, and not after a sign-out. The cookie is a browser-session cookie (no Max-Age).
 */
import { createHash, randomBytes } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import type { Clock } from '../../../clock.js';
import type { Db, Queryable } from '../../../db/pool.js';
import { unauthorized } from '../../../errors.js';
import * as repo from './resume-repo.js';
import type { SessionAuth } from './tokens.js';

/** How long an admin session may sit unused and still be resumed by a reload or a new tab. */
export const RESUME_IDLE_MINUTES = 30;

export const RESUME_COOKIE = 'admin_resume';
const RESUME_PATH = '/api/v1/auth/adminsession';
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The resume secret the request's cookie carries, if it has one of the right form. */
export function resumeOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === RESUME_COOKIE && value && SECRET_PATTERN.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value holding `secret` (HttpOnly, SameSite=Strict, the resume route only, Secure over HTTPS). */
export function resumeCookie(secret: string, secure: boolean): string {
  return `${RESUME_COOKIE}=${secret}; Path=${RESUME_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the resume cookie (sign-out). */
export function clearResumeCookie(secure: boolean): string {
  return `${RESUME_COOKIE}=; Max-Age=0; Path=${RESUME_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function createAdminResume(deps: { db: Db; sessions: SessionAuth; clock: Clock }) {
  const { db, sessions, clock } = deps;
  return {
    /** A resume secret for an admin session opened in `q`'s transaction: the route sets it as a cookie. */
    async open(q: Queryable, sessionId: string): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      await repo.setResume(q, sessionId, digest(secret), clock.now());
      return secret;
    },

    /**
     * A new token of the live session `secret` belongs to; 401 (the session-ended message) when the
     * cookie is missing, unknown, or its session was signed out, expired or left idle.
     */
    async resume(secret: string | null) {
      const now = clock.now();
      const seenAfter = new Date(now.getTime() - RESUME_IDLE_MINUTES * 60_000);
      const row = secret ? await repo.findResumable(db, digest(secret), now, seenAfter) : null;
      if (!row) throw unauthorized(MSG.sessionEnded);
      const userId = Number(row.user_id);
      const issued = await sessions.sign(row.id, userId, 'admin', { now, expireAt: row.expires_at });
      // the session check every request makes (it also notes the use and says whether 2FA set-up is due)
      const checked = await sessions.verify(issued.token, ['admin']);
      return {
        admin: {
          id: userId,
          token: issued.token,
          email: row.email,
          username: row.username,
          totp_setup_required: checked.totpSetupRequired,
          role: 'admin' as const,
        },
        token: issued.token,
        expireAt: issued.expireAt.toISOString(),
      };
    },
  };
}

export type AdminResume = ReturnType<typeof createAdminResume>;
