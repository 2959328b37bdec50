/**
 * What the projection pays besides ROI and the incomes of joins: reward stages reached, the daily
 * salary run and CTO pools, each by the live rules (rewards/business.ts, salary/rules.ts,
 * cto/rules.ts), and the members' withdrawals with the live fees.
 */
import { percentOf, toMicro } from '@app/contracts/money';
import { withdrawalFeePercent } from '@app/contracts/withdrawals';
import { ctoQualifies, ctoShare } from '../cto/rules.js';
import type { IncomeKind } from '../incomes/income.js';
import { applyLegCap, stageEnd } from '../rewards/business.js';
import { monthsDue, tierFor } from '../salary/rules.js';
import type { SnapshotAssignment } from './snapshot.js';
import type { PlatformState } from './state.js';

/** Members whose stage is reached claim it that day (rewards/stages.ts `claim`), and the next stage opens. */
export function rewards(s: PlatformState, at: number) {
  const legCap = s.snap.settings.reward_leg_cap_percent;
  for (const [i, stage] of s.stages) {
    if (!stage.dirty || s.blocked[i] || s.activePlan[i]! <= 0n) continue;
    stage.dirty = false;
    if (!applyLegCap(stage.window, stage.carried, stage.threshold, legCap).qualified) continue;
    const id = s.ids[i]!;
    s.credit([
      {
        userId: id,
        kind: 'reward',
        amount: stage.reward,
        refType: 'reward_stage',
        refId: `what-if:${id}:${stage.planId}`,
      },
    ]);
    stage.done.add(stage.planId);
    const next = s.snap.rewardPlans.find((p) => p.sort_order > stage.planOrder && !stage.done.has(p.id));
    if (!next) {
      s.stages.delete(i);
      continue;
    }
    stage.done.add(next.id);
    s.stages.set(i, {
      ...stage,
      planId: next.id,
      planOrder: next.sort_order,
      threshold: next.business,
      reward: next.reward,
      countAfter: at,
      endsAt: stageEnd(new Date(at), next.days).getTime(),
      carried: new Map(),
      window: new Map(),
      dirty: false,
    });
  }
}

/** The daily salary run (salary/job.ts): assign the best tier, then pay the months due. */
export function salaryRun(s: PlatformState, at: number) {
  const tiers = s.snap.salaryTiers;
  const now = new Date(at);
  if (tiers.length > 0) {
    for (let i = 0; i < s.ids.length; i++) {
      if (s.blocked[i] || !s.active[i]) continue;
      const id = s.ids[i]!;
      const business = s.team[i]! > 0n ? s.team[i]! : 0n;
      const best = tierFor(tiers, { directs: s.directs[i]!, business }, s.held.get(id));
      if (!best) continue;
      const current = s.salary.get(i);
      if (current) payDue(s, i, current, now);
      s.salary.set(i, {
        userId: id,
        tierId: best.id,
        amount: best.amount,
        months: best.months,
        paidMonths: 0,
        assignedAt: at,
      });
      const held = s.held.get(id) ?? { amount: 0n, tiers: new Set<number>() };
      held.tiers.add(best.id);
      if (best.amount > held.amount) held.amount = best.amount;
      s.held.set(id, held);
    }
  }
  for (const [i, a] of s.salary) {
    if (s.blocked[i]) continue;
    payDue(s, i, a, now);
    if (a.paidMonths >= a.months) s.salary.delete(i);
  }
}

function payDue(s: PlatformState, i: number, a: SnapshotAssignment, now: Date) {
  const due = monthsDue({ assigned_at: new Date(a.assignedAt), months: a.months }, now);
  for (let month = a.paidMonths + 1; month <= due; month++) {
    s.credit([
      {
        userId: s.ids[i]!,
        kind: 'salary',
        amount: a.amount,
        refType: 'salary',
        refId: `${a.userId}:${a.tierId}:${month}`,
      },
    ]);
    a.paidMonths = month;
  }
}

/** A CTO pool is paid on the first day of its month that the projection reaches (cto/service.ts `pay`). */
export function cto(s: PlatformState, at: number) {
  const month = new Date(at).toISOString().slice(0, 7);
  const rules = s.snap.ctoRules;
  s.ctoPools = s.ctoPools.filter((pool) => {
    if (pool.period > month) return true;
    const members: number[] = [];
    for (let i = 0; i < s.ids.length; i++) {
      const directsBusiness = s.directsBusiness[i]! > 0n ? s.directsBusiness[i]! : 0n;
      if (ctoQualifies({ blocked: s.blocked[i]!, activePlan: s.activePlan[i]!, directsBusiness }, rules)) {
        members.push(s.ids[i]!);
      }
    }
    const { share } = ctoShare(pool.amount, members.length);
    if (share === 0n) return true; // as the live payment refuses it: the pool stays open
    s.credit(
      members.map((userId) => ({
        userId,
        kind: 'cto' as IncomeKind,
        amount: share,
        refType: 'cto_pool',
        refId: String(pool.id),
      })),
    );
    return false;
  });
}

/**
 * Members withdraw their share of their earnings once it reaches the minimum withdrawal (with the
 * live fees); smaller shares wait and grow.
 */
export function withdraw(s: PlatformState) {
  const rate = s.assume.withdrawRate;
  if (rate === 0) return;
  const settings = s.snap.settings;
  const minimum = toMicro(settings.withdrawal_min)!;
  for (const [kind, earned] of [
    ['roi', s.roiNotWithdrawn],
    ['profit', s.profitNotWithdrawn],
  ] as const) {
    const feePercent = withdrawalFeePercent(kind, settings, Number.POSITIVE_INFINITY);
    for (let i = 0; i < earned.length; i++) {
      if (earned[i]! <= 0n || s.blocked[i]) continue;
      const gross = percentOf(earned[i]!, rate);
      if (gross <= 0n || gross < minimum) continue;
      earned[i] = 0n;
      const fee = percentOf(gross, feePercent);
      s.liabilities -= gross;
      s.reserves -= gross - fee;
      s.today.withdrawals += gross;
      s.today.withdrawalFees += fee;
    }
  }
}
