/**
 * PUT /users/{id} by staff (issue 36): what decides who controls a member's account or where money
 * flows from it — the e-mail address (reset links go there), the sponsor (who earns on the member)
 * and the business figure (rewards are paid on it) — changes only when a second admin approves. The
 * rest of an edit (name, phone, status...) is saved at once. A member's password and payout address
 * are never staff's to set (users/service.ts refuses them).
 */

import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { adminUpdateBody } from '@app/contracts/users';
import type { Db } from '../../../db/pool.js';
import { conflict } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as usersRepo from '../../identity/users/repo.js';
import { sponsorFor, type UsersService } from '../../identity/users/service.js';
import type { ApprovalsService } from './service.js';

export function createAccountGate(deps: { db: Db; approvals: ApprovalsService; users: UsersService }) {
  const { db, approvals, users } = deps;

  approvals.register('member_account', {
    area: 'support',
    run: async (approver, payload) =>
      (await users.update(approver, Number(payload.id), payload.body)).message,
  });

  /** 200 with the edit saved, or 202 with the request for a second admin. */
  async function update(
    actor: Actor,
    id: number,
    body: unknown,
  ): Promise<{ status: 200 | 202; body: unknown }> {
    const now = async () => ({ status: 200 as const, body: await users.update(actor, id, body) });
    if (actor.audience !== 'admin') return now();
    const parsed = adminUpdateBody.safeParse(body);
    // an invalid body, a password or a payout address: the service answers (400, 403)
    const raw = body as Record<string, unknown>;
    if (!parsed.success || parsed.data.password || raw.bep20 !== undefined || raw.trc20 !== undefined)
      return now();
    const before = await usersRepo.findView(db, id);
    if (before?.role !== 'user') return now();
    const b = parsed.data;
    const changes: string[] = [];
    if (b.email !== undefined && b.email !== before.email)
      changes.push(`e-mail ${before.email} → ${b.email}`);
    if (b.reffer_by !== undefined && b.reffer_by.toUpperCase() !== (before.reffer_by ?? ''))
      changes.push(`sponsor ${before.reffer_by ?? 'none'} → ${b.reffer_by.toUpperCase()}`);
    if (b.business !== undefined && b.business !== before.business)
      changes.push(`business ${fromMicro(before.business)} → ${fromMicro(b.business)} USDT`);
    if (changes.length === 0) return now();
    // a taken address or a sponsor the member cannot move under is said now, not at the approval
    if (b.reffer_by !== undefined && b.reffer_by.toUpperCase() !== (before.reffer_by ?? ''))
      await sponsorFor(db, before, b.reffer_by);
    if (
      b.email !== undefined &&
      b.email !== before.email &&
      (await usersRepo.isTaken(db, 'email', b.email, id))
    )
      throw conflict(MSG.emailTaken);
    const { email, reffer_by, business, ...rest } = raw;
    const held = { email, reffer_by, business };
    // the harmless part of the edit is saved now; what moves control waits
    if (Object.keys(rest).length > 0) await users.update(actor, id, rest);
    return {
      status: 202,
      body: await approvals.request(actor, {
        kind: 'member_account',
        userId: id,
        amount: null,
        payload: { id, body: Object.fromEntries(Object.entries(held).filter(([, v]) => v !== undefined)) },
        summary: `Change ${b.username ?? before.username}'s ${changes.join(', ')}`,
        requestKey: null,
      }),
    };
  }

  return { update };
}
export type AccountGate = ReturnType<typeof createAccountGate>;
