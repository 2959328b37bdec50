import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/pool.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import * as repo from './repo.js';

/** The share of each ROI claim a member compounds (PUT /withdrawalrequest/compound/amount): its own use case. */
export function createCompoundShare(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return async function setCompoundShare(actor: Actor, percent: number, userId?: number) {
    const target = userId ?? actor.userId;
    assertSelfOrAdmin(actor, target);
    await repo.setCompoundShare(db, target, percent, clock.now());
    return { message: `From now on ${percent}% of each ROI claim is compounded` };
  };
}
