/**
 * Leadership (spec 7 lists the calls only): the ranks members reached. A rank is a salary tier; the
 * daily salary run records it the first time a member is assigned that tier, with the active
 * directs and team business that qualified them. Admins may remove an entry from the list (it is
 * kept, marked removed, and audited); removing it changes no salary.
 */
import type { Leader } from '@app/contracts/leadership';
import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import * as repo from './repo.js';

/** Team figures are shown to admins and to the member the entry belongs to. */
const dto = (l: repo.LeaderRow, actor: Actor): Leader => {
  const sees = actor.audience === 'admin' || actor.userId === Number(l.user_id);
  return {
    id: Number(l.id),
    user_id: Number(l.user_id),
    username: l.username,
    tier_id: l.tier_id,
    rank: l.rank,
    directs: sees ? l.directs : null,
    business: sees ? fromMicro(l.business) : null,
    reached_at: l.reached_at.toISOString(),
  };
};

export function createLeadershipService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(
    actor: Actor,
    f: { page: number; limit: number; search?: string | undefined; tier_id?: number | undefined },
  ) {
    const { rows, total } = await repo.list(db, { ...f, tierId: f.tier_id });
    return { allleadership: rows.map((l) => dto(l, actor)), ...pageFacts(total, f) };
  }

  async function byUser(actor: Actor, userId: number) {
    assertSelfOrAdmin(actor, userId);
    const { rowCount } = await db.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
    if (!rowCount) throw notFound(MSG.userNotFound);
    return (await repo.ofMember(db, userId)).map((l) => dto(l, actor));
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id);
      if (!before) throw notFound('Leadership entry not found');
      await repo.remove(tx, id, actor.userId, clock.now());
      await recordAudit(tx, actor, {
        action: 'leadership.delete',
        targetType: 'leadership',
        targetId: id,
        before: dto(before, actor),
      });
      return { message: `${before.rank} of ${before.username} removed from the leadership list` };
    });
  }

  return { list, byUser, remove };
}

export type LeadershipService = ReturnType<typeof createLeadershipService>;
