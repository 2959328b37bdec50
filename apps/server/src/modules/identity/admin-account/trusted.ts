/**
 * "Trust this browser for 12 hours" at the admin code step: a random token the web app keeps in
 * localStorage, of which the server keeps only the SHA-256 (with the admin, the expiry and the user
 * agent). At the next password step of that admin, a valid token stands in for the code step.
 * Revoked by sign out everywhere, a password change or reset, a 2FA reset (revokeTrustedBrowsers).
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

export function createTrustedBrowsers(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** A new trusted browser of `adminId`: the token is in this answer only. */
    async grant(q: Queryable, adminId: number, userAgent: string | null) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + TRUSTED_BROWSER_HOURS * 3600_000);
      const id = await repo.insertTrustedBrowser(q, {
        adminId,
        tokenHash: digest(token),
        userAgent: userAgent?.slice(0, 300) ?? null,
        now,
        expiresAt,
      });
      return { id: Number(id), token, expires_at: expiresAt.toISOString() };
    },

    /** Whether `token` is a browser `adminId` trusts now (its use is noted). */
    use: (adminId: number, token: string) => repo.useTrustedBrowser(db, adminId, digest(token), clock.now()),

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
