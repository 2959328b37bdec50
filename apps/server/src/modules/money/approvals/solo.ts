/**
 * What one admin may do alone (issue 36): a deposit, a payment or a withdrawal approved by hand at
 * most at the four-eyes amount, while the admin's solo total and the member's over the last 24 h
 * stay under the settings `four_eyes_admin_daily` and `four_eyes_member_daily`. Past either, a
 * second admin is needed whatever the single amount: three approvals of 1,100 by one admin are not
 * three small ones.
 */
import { formatUsdt, toMicro } from '@app/contracts/money';
import type { Clock } from '../../../clock.js';
import type { Queryable } from '../../../db/pool.js';
import { AppError } from '../../../errors.js';
import { readSettings } from '../../operations/settings/service.js';
import * as repo from './repo.js';

const DAY_MS = 24 * 3600_000;

/** A money action one admin may not finish alone (409): its gate turns it into a request. */
export class SecondAdminNeeded extends AppError {
  constructor(readonly problem: string) {
    super('conflict', `A second admin is needed: ${problem}.`, 409);
  }
}

export function createSoloLimits(deps: { clock: Clock; fourEyesAbove: bigint }) {
  const { clock, fourEyesAbove } = deps;

  /** Null when admin `adminId` may move `amount` for member `userId` alone now, else why not. */
  async function problem(q: Queryable, adminId: number, userId: number, amount: bigint) {
    if (amount > fourEyesAbove) {
      return `${formatUsdt(amount)} is above the four-eyes amount of ${formatUsdt(fourEyesAbove)}`;
    }
    const settings = await readSettings(q);
    const totals = await repo.soloTotals(q, adminId, userId, new Date(clock.now().getTime() - DAY_MS));
    const adminLimit = toMicro(settings.four_eyes_admin_daily)!;
    const memberLimit = toMicro(settings.four_eyes_member_daily)!;
    if (totals.admin + amount > adminLimit) {
      return `you approved ${formatUsdt(totals.admin)} alone in the last 24 hours; with ${formatUsdt(amount)} more you would pass the ${formatUsdt(adminLimit)} one admin may approve alone in a day`;
    }
    if (totals.member + amount > memberLimit) {
      return `this member received ${formatUsdt(totals.member)} through approvals by one admin in the last 24 hours; with ${formatUsdt(amount)} more it would pass the ${formatUsdt(memberLimit)} a day that one admin may approve alone for a member`;
    }
    return null;
  }

  /**
   * Inside the money action's own transaction: locks the admin's and then the member's solo totals
   * (always in that order), checks them again and records this action, so two approvals racing
   * cannot both pass the same room. Throws SecondAdminNeeded when there is none.
   */
  async function guard(
    tx: Queryable,
    s: { adminId: number; userId: number; amount: bigint; kind: string; ref: string },
  ) {
    await tx.query(
      `SELECT pg_advisory_xact_lock(hashtext('solo:admin:' || $1::text)),
              pg_advisory_xact_lock(hashtext('solo:member:' || $2::text))`,
      [s.adminId, s.userId],
    );
    const why = await problem(tx, s.adminId, s.userId, s.amount);
    if (why) throw new SecondAdminNeeded(why);
    await repo.recordSolo(tx, { ...s, now: clock.now() });
  }

  return { problem, guard };
}
export type SoloLimits = ReturnType<typeof createSoloLimits>;
