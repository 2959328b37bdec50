import { MSG } from '@app/contracts/messages';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

const VERIFIED_BY_HAND = 'E-mail marked as verified';

/**
 * Support marks a member's e-mail verified by hand (POST /users/{id}/verify-email, issue 27): the
 * member who never got their code (no mail server, a mail that bounced) can then transfer and
 * withdraw. Sets `verify_at` as the member's own code would; audited with the time before and after.
 */
export function createEmailVerifier(deps: { db: Db; clock: Clock }) {
  async function markVerified(actor: Actor, id: number) {
    return withTx(deps.db, async (tx) => {
      const locked = await repo.lockUser(tx, id);
      if (locked?.role !== 'user') throw notFound(MSG.userNotFound);
      const before = (await repo.findView(tx, id))!;
      if (before.verify_at) throw badRequest(MSG.alreadyVerified);
      const now = deps.clock.now();
      await repo.updateColumns(tx, id, { verify_at: now, updated_at: now });
      await recordAudit(tx, actor, {
        action: 'user.verify_email',
        targetType: 'user',
        targetId: id,
        before: { email: before.email, verify_at: null },
        after: { email: before.email, verify_at: now.toISOString() },
      });
      return { message: VERIFIED_BY_HAND };
    });
  }
  return { markVerified };
}

export type EmailVerifier = ReturnType<typeof createEmailVerifier>;
