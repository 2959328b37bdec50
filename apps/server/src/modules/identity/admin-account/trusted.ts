/**
 * "Trust this browser for 12 hours" at the admin code step: a random token the web app keeps in
 * localStorage, of which the server keeps only the SHA-256 (with the admin, the expiry and the user
 * agent). At the next password step of that admin, a valid token stands in for the code step.
 * Revoked with every end of all the admin's sessions, a block or unblock, 2FA off or reset
 * (revokeTrustedBrowsers).
 *
 * Bound to the browser that got it (issue 36.8): the grant also sets a random device secret in an
 * HttpOnly cookie (DEVICE_COOKIE, sent only to the sign-in routes), of which the row keeps the
 * SHA-256; the token counts only with that cookie. A script on the page (what would read the token
 * out of localStorage) cannot read an HttpOnly cookie, and a token copied to another browser or
 * machine arrives without it. A user agent or the web app's X-Device-Id would not do: anyone who
 * copies the token can send those too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { TRUSTED_BROWSER_HOURS } from '@app/contracts/auth';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

export { revokeTrustedBrowsers } from './repo.js';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The cookie holding the browser's device secret; its path covers both admin sign-in steps. */
export const DEVICE_COOKIE = 'admin_device';
const DEVICE_PATH = '/api/v1/auth/adminsignin';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The device secret the request's cookie carries, if it has one of the right form. */
export function deviceOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DEVICE_COOKIE && value && DEVICE_PATTERN.test(value)) return value;
  }
  return null;
}

/** A new device secret (32 random bytes). */
export const newDevice = () => randomBytes(32).toString('base64url');

/**
 * The Set-Cookie value that keeps `device` in the browser for the trust's lifetime: HttpOnly (no
 * script reads it), SameSite=Strict, sent to the sign-in routes only, Secure over HTTPS.
 */
export function deviceCookie(device: string, secure: boolean): string {
  const maxAge = TRUSTED_BROWSER_HOURS * 3600;
  return `${DEVICE_COOKIE}=${device}; Max-Age=${maxAge}; Path=${DEVICE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function createTrustedBrowsers(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** A new trusted browser of `adminId`, bound to `device`: the token is in this answer only. */
    async grant(q: Queryable, adminId: number, userAgent: string | null, device: string) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TRUSTED_BROWSER_HOURS * 3600_000);
      const id = await repo.insertTrustedBrowser(q, {
        adminId,
        tokenHash: digest(token),
        deviceHash: digest(device),
        userAgent: userAgent?.slice(0, 300) ?? null,
        now,
        expiresAt,
      });
      return { id: Number(id), token, expires_at: expiresAt.toISOString() };
    },

    /**
     * Whether `token` is a browser `adminId` trusts now, sent by the browser holding `device` (its
     * use is noted). Without the device secret no token counts.
     */
    use: async (adminId: number, token: string, device: string | null) =>
      device !== null && repo.useTrustedBrowser(db, adminId, digest(token), digest(device), clock.now()),

    async list(adminId: number) {
      const rows = await repo.listTrustedBrowsers(db, adminId, clock.now());
      return rows.map((r) => ({
        id: Number(r.id),
        user_agent: r.user_agent,
        created_at: r.created_at.toISOString(),
        expires_at: r.expires_at.toISOString(),
        last_used_at: r.last_used_at?.toISOString() ?? null,
      }));
    },

    /** The caller stops trusting one of their browsers (audited). */
    async revoke(actor: Actor, id: number) {
      await withTx(db, async (tx) => {
        if (!(await repo.revokeTrustedBrowser(tx, actor.userId, id, clock.now())))
          throw notFound(ACCOUNT_MSG.trustedBrowserNotFound);
        await recordAudit(tx, actor, {
          action: 'admin.trusted_browser.revoke',
          targetType: 'trusted_browser',
          targetId: id,
        });
      });
      return { message: ACCOUNT_MSG.trustedBrowserRevoked };
    },
  };
}

export type TrustedBrowsers = ReturnType<typeof createTrustedBrowsers>;
