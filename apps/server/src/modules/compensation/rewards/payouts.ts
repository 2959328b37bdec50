/**
 * The Users calls of rewards (spec 7): the list of paid rewards (`/users/rewards`), a reward an admin
 * sends by hand (`/users/send/reward`), and a member's reward notice (`/users/get/defaulterreward`).
 */
import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro } from '@app/contracts/money';
import type { DefaulterReward } from '@app/contracts/rewards';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { activePlanOf } from '../../../ledger/repo.js';
import { readSettings } from '../../operations/settings/service.js';
import { creditIncomes } from '../incomes/credit.js';
import { legsJson } from './business.js';
import { payoutDto } from './dto.js';
import * as repo from './repo.js';
import { openNext, stageFigures } from './stages.js';

export function createPayoutOps(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(f: {
    page: number;
    limit: number;
    search?: string | undefined;
    source?: 'claim' | 'admin' | undefined;
    plan_id?: number | undefined;
    user_id?: number | undefined;
  }) {
    const { rows, total, paid } = await repo.listPayouts(db, { ...f, planId: f.plan_id, userId: f.user_id });
    return { allrewards: rows.map(payoutDto), total_paid: fromMicro(paid), ...pageFacts(total, f) };
  }

  /**
   * An admin pays reward plan `id` to a member by hand: once per member and plan (as a claim is).
   * When it is the member's open stage, that stage closes as awarded and the next one opens.
   */
  async function send(actor: Actor, body: { id: number; user_id: number; note: string }) {
    return withTx(db, async (tx) => {
      const member = await repo.lockMember(tx, body.user_id);
      if (!member) throw notFound(MSG.userNotFound);
      if (member.status === 'block')
        throw badRequest('This member is blocked: unblock them before sending a reward');
      const plan = await repo.findPlan(tx, body.id);
      if (!plan) throw notFound('Reward plan not found');
      if (await repo.payoutExists(tx, body.user_id, plan.id)) {
        throw conflict(`${member.username} has already received the ${plan.title} reward`);
      }
      if ((await activePlanOf(tx, body.user_id)) === 0n) {
        throw badRequest(
          `${member.username} holds no plan: a reward counts toward the earning limit, so nothing could be paid`,
        );
      }
      const now = clock.now();
      const open = await repo.openStage(tx, body.user_id);
      const closes = open?.plan_id === plan.id ? open : null;
      let business: bigint | null = null;
      if (closes) {
        const { reward_leg_cap_percent: cap } = await readSettings(tx);
        const figures = await stageFigures(tx, body.user_id, closes, cap);
        business = figures.counted;
        await repo.closeStage(tx, {
          id: closes.id,
          status: 'awarded',
          at: now,
          business,
          legs: legsJson(figures.legs),
          achieved: figures.qualified,
          by: actor.userId,
        });
      }
      const [income] = await creditIncomes(
        tx,
        [
          {
            userId: body.user_id,
            kind: 'reward',
            amount: plan.reward,
            refType: 'reward_plan',
            refId: String(plan.id),
            baseAmount: business,
            meta: { plan_id: plan.id, title: plan.title, sent_by: actor.userId, note: body.note },
          },
        ],
        `reward:plan:${body.user_id}:${plan.id}`,
        now,
      );
      const payoutId = await repo.insertPayout(tx, {
        userId: body.user_id,
        planId: plan.id,
        stageId: closes?.id ?? null,
        source: 'admin',
        title: plan.title,
        amount: plan.reward,
        paid: income!.paid,
        cut: income!.cut,
        business,
        transferId: income!.transferId,
        adminId: actor.userId,
        note: body.note,
        now,
      });
      if (closes) await openNext(tx, body.user_id, closes.plan_order, now, now);
      const payout = payoutDto((await repo.findPayout(tx, payoutId))!);
      await recordAudit(tx, actor, {
        action: 'reward.send',
        targetType: 'user',
        targetId: body.user_id,
        after: payout,
      });
      const cut = income!.cut > 0n ? ` (${formatUsdt(income!.cut)} over the earning limit was not paid)` : '';
      return { message: `Reward sent: ${formatUsdt(income!.paid)} paid to ${member.username}${cut}`, payout };
    });
  }

  /**
   * The member's reward notice: stages whose window ended without reaching the threshold. `pending`
   * when the open stage is one of them (the member should carry forward); closed ones are history.
   */
  async function defaulter(actor: Actor, userId: number): Promise<DefaulterReward> {
    assertSelfOrAdmin(actor, userId);
    if (!(await repo.memberExists(db, userId))) throw notFound(MSG.userNotFound);
    const now = clock.now();
    const stages = await repo.stagesOf(db, userId);
    const { reward_leg_cap_percent: cap } = await readSettings(db);
    const out: DefaulterReward['stages'] = [];
    let message: string | null = null;
    for (const s of stages) {
      if (s.status === 'carried' && s.achieved === false) {
        out.push(entry(s, s.closed_business ?? 0n, 'carried'));
      } else if (s.status === 'open' && s.ends_at <= now) {
        const figures = await stageFigures(db, userId, s, cap);
        if (figures.qualified) continue;
        out.push(entry(s, figures.counted, 'window_ended'));
        const ahead = await repo.nextPlan(db, userId, s.plan_order);
        message =
          `The window of ${s.title} ended with ${formatUsdt(figures.counted)} of ${formatUsdt(s.threshold)}. ` +
          (ahead
            ? `Carry forward to keep this business for ${ahead.title}.`
            : 'No further stage is on offer yet.');
      }
    }
    return { user_id: userId, pending: message !== null, message, stages: out };
  }

  return { list, send, defaulter };
}

function entry(s: repo.StageRow, business: bigint, status: 'carried' | 'window_ended') {
  const shortfall = s.threshold > business ? s.threshold - business : 0n;
  return {
    stage_id: Number(s.id),
    plan_id: s.plan_id,
    title: s.title,
    threshold: fromMicro(s.threshold),
    business: fromMicro(business),
    shortfall: fromMicro(shortfall),
    ends_at: s.ends_at.toISOString(),
    status,
  };
}
