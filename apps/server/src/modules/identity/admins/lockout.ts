/**
 * The back-office cannot be locked out through its own screens: no admin blocks or deletes their
 * own account, the last admin who is not blocked stays, and so does the last owner who is not
 * blocked (409 either way, nothing changed). Operators recover a lost owner with `admin:create`.
 */
import type { AdminRole } from '@app/contracts/admins';
import { MSG } from '@app/contracts/messages';
import { TEAM_MSG } from '@app/contracts/team-messages';
import type { Tx } from '../../../db/pool.js';
import { conflict } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

/**
 * Call first in the transaction of a block or delete of `targetId`, before locking the target:
 * it locks the admin rows (in id order) and refuses when the change would take out the caller,
 * the last active admin or the last active owner. Harmless for a member target (their row is not
 * among those locked).
 */
export async function assertAdminMayBeRemoved(tx: Tx, actor: Actor, targetId: number) {
  if (actor.userId === targetId) throw conflict(MSG.selfLockout);
  await assertOwnersRemain(tx, targetId, { active: false });
}

/**
 * Locks the admin rows and refuses a change of `targetId` (its roles, or blocking it) that would
 * leave no active admin or no active owner.
 */
export async function assertOwnersRemain(
  tx: Tx,
  targetId: number,
  after: { active?: boolean; roles?: AdminRole[] },
) {
  const admins = await repo.lockAdmins(tx);
  const target = admins.find((a) => a.id === targetId);
  if (!target) return;
  const changed = { ...target, active: after.active ?? target.active, roles: after.roles ?? target.roles };
  const afterwards = admins.map((a) => (a.id === targetId ? changed : a)).filter((a) => a.active);
  if (afterwards.length === 0) throw conflict(MSG.lastAdmin);
  if (!afterwards.some((a) => a.roles.includes('owner'))) throw conflict(TEAM_MSG.lastOwner);
}
