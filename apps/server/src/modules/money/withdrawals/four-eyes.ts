/**
 * Four eyes on a withdrawal whose net is above FOUR_EYES_ABOVE_USDT: a finance admin (owners hold
 * every role) signs it off first; then ANOTHER finance admin pays it on chain or approves it with the
 * payout transaction hash. The sign-off counts while its admin still holds finance and is not
 * blocked. Below the amount one finance admin pays or approves alone while their solo total and the
 * member's over 24 h stay under the settings' daily limits (approvals/solo.ts); past them, or with a
 * sign-off by another admin, it takes two as above the amount. Neither pair of
 * eyes may be an admin made less than a day ago (identity/admins/separation.ts): an owner cannot
 * invite a finance account of their own and finish four eyes with it at once.
 */
import { adminMay } from '@app/contracts/admins';
import { MSG } from '@app/contracts/messages';
import { formatUsdt } from '@app/contracts/money';
import type { Withdrawal } from '@app/contracts/withdrawals';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { assertMayApproveAsSecond } from '../../identity/admins/separation.js';
import { createSoloLimits, SecondAdminNeeded } from '../approvals/solo.js';
import { approvalsNeeded, payoutInFlight, signOffOf } from './dto.js';
import * as repo from './repo.js';

/** A moment in messages: `2026-11-01 10:00 UTC`. */
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function createFourEyes(deps: {
  db: Db;
  clock: Clock;
  fourEyesAbove: bigint;
  dto: (w: repo.WithdrawalRow) => Withdrawal;
}) {
  const { db, clock, fourEyesAbove, dto } = deps;
  const solo = createSoloLimits({ clock, fourEyesAbove });

  const above = (w: repo.WithdrawalRow) =>
    `This withdrawal pays ${formatUsdt(w.net)}, above the four-eyes amount of ${formatUsdt(fourEyesAbove)}: two finance admins are needed.`;

  /**
   * The second step: may `actor` pay or approve `w` now? Throws 409 with what is missing (no
   * sign-off yet, `actor` signed it off, or `actor` is on the team for less than a day), 403
   * without the finance role. `q` reads when `actor` joined (the caller's transaction, if any).
   */
  async function assertFourEyes(q: Queryable, w: repo.WithdrawalRow, actor: Actor, counts = true) {
    if (!adminMay(actor.roles, 'finance', true)) throw forbidden(MSG.forbidden);
    const signOff = signOffOf(w);
    if (approvalsNeeded(w.net, fourEyesAbove) < 2) {
      // another admin's sign-off makes two pairs of eyes; alone, it counts toward the daily limits
      if (signOff?.counts && signOff.admin_id !== actor.userId) {
        return assertMayApproveAsSecond(q, actor.userId, clock.now());
      }
      const member = Number(w.user_id);
      try {
        // `counts`: the approval's own transaction, which records it; a look before it only checks
        if (counts) {
          await solo.guard(q, {
            adminId: actor.userId,
            userId: member,
            amount: w.net,
            kind: 'withdrawal',
            ref: String(w.id),
          });
        } else {
          const problem = await solo.problem(q, actor.userId, member, w.net);
          if (problem) throw new SecondAdminNeeded(problem);
        }
      } catch (error) {
        if (!(error instanceof SecondAdminNeeded)) throw error;
        throw conflict(
          `${error.message} Another finance admin signs this withdrawal off first; then you, or a third, pay it.`,
        );
      }
      return;
    }
    if (!signOff?.counts) {
      const lapsed = signOff ? ` (${signOff.name} signed it off but no longer holds the finance role)` : '';
      throw conflict(
        `${above(w)} Nobody has signed it off yet${lapsed}: one finance admin signs it off first, then another pays it. Send nothing before that.`,
      );
    }
    if (signOff.admin_id === actor.userId) {
      throw conflict(
        `${above(w)} You signed it off on ${when(signOff.at)}, so another finance admin must pay it or approve it.`,
      );
    }
    await assertMayApproveAsSecond(q, actor.userId, clock.now());
  }

  /** The first step: a finance admin signs off a pending withdrawal above the four-eyes amount. */
  async function signOff(actor: Actor, id: number) {
    if (!adminMay(actor.roles, 'finance', true)) throw forbidden(MSG.forbidden);
    return withTx(db, async (tx) => {
      const w = await repo.find(tx, id, true);
      if (!w) throw notFound('Withdrawal request not found');
      if (w.status !== 'pending') throw conflict(`This request is already ${w.status}`);
      if (payoutInFlight(w)) throw conflict('A payout of this withdrawal is already on its way on chain');
      const current = signOffOf(w);
      // the sign-off is one pair of eyes too: an admin made today cannot give it
      if (!current?.counts) await assertMayApproveAsSecond(tx, actor.userId, clock.now());
      if (current?.counts) {
        if (current.admin_id === actor.userId) {
          return {
            message: 'You have already signed off this withdrawal; another finance admin must pay it',
            withdrawal: dto(w),
          };
        }
        throw conflict(
          `Already signed off by ${current.name} (${current.email}) on ${when(current.at)}: you can be the second admin and pay it or approve it`,
        );
      }
      await repo.addSignOff(tx, w.id, actor.userId, clock.now());
      const after = dto((await repo.find(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'withdrawal.approval',
        targetType: 'withdrawal',
        targetId: id,
        after: {
          step: 'sign_off',
          approvals: after.approvals,
          approvals_needed: after.approvals_needed,
          admin_id: actor.userId,
        },
      });
      return {
        message:
          'Signed off by you (1 of 2 admins). Another finance admin must now pay it or approve it with the transaction hash; you cannot.',
        withdrawal: after,
      };
    });
  }

  return { assertFourEyes, signOff };
}
