/**
 * The back-office cannot be locked out through its own screens: no admin blocks or deletes their
 * own account, and the last admin who is not blocked stays (409 either way, nothing changed).
 * Operators recover a lost admin with ADMIN_EMAIL on an empty admin table or `admin:reset-2fa`.
 */
import { MSG } from '@app/contracts/messages';
import type { Tx } from '../../db/pool.js';
import { conflict } from '../../errors.js';
import type { Actor } from '../../http/access.js';
import * as repo from './repo.js';

/**
 * Call first in the transaction of a block or delete of `targetId`, before locking the target:
 * it locks the admin rows (in id order) and refuses when the change would take out the caller or
 * the last active admin. Harmless for a member target (their row is not among those locked).
 */
export async function assertAdminMayBeRemoved(tx: Tx, actor: Actor, targetId: number) {
  if (actor.userId === targetId) throw conflict(MSG.selfLockout);
  const { activeIds } = await repo.lockAdmins(tx);
  if (activeIds.includes(targetId) && activeIds.length <= 1) throw conflict(MSG.lastAdmin);
}
