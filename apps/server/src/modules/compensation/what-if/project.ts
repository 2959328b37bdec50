/**
 * A projection from a snapshot: one scenario run day by day (worker.ts runs the current and the
 * proposed one in two threads), and the result in the contract's shape with its assumptions and the
 * difference in words.
 */
import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import type { ProjectedDay, WhatIf, WhatIfScenario, whatIfBody } from '@app/contracts/what-if';
import type { z } from 'zod';
import { coverage } from '../../operations/reports/position.js';
import { type Assumptions, type DayFigures, Scenario } from './engine.js';
import type { Snapshot, SnapshotPlan } from './snapshot.js';

export type WhatIfInput = z.output<typeof whatIfBody>;

const DAY_MS = 86_400_000;

/** The member-days a request covers, from the members able to claim now (unblocked, active). */
export function memberDays(claimants: number, body: Pick<WhatIfInput, 'days' | 'joins_per_day'>) {
  // the members who join during the period claim for the days left after they joined
  return claimants * body.days + Math.ceil((body.joins_per_day * body.days * (body.days + 1)) / 2);
}

/**
 * The member-days of the first `daysDone` days of a run whose whole is `total` (issue 37.8):
 * the work a day costs grows with the members who joined before it, so days done misread the time a
 * run has left (day 89 of 365 was a tenth of the work). The claimants are read back from the total,
 * which memberDays computed from them; the last day is the total exactly.
 */
export function memberDaysDone(
  total: number,
  body: Pick<WhatIfInput, 'days' | 'joins_per_day'>,
  daysDone: number,
) {
  if (daysDone >= body.days) return total;
  const claimants = Math.round((total - memberDays(0, body)) / body.days);
  return memberDays(claimants, { days: daysDone, joins_per_day: body.joins_per_day });
}

/** The plan and amount new members buy (default: the first plan on sale, at its minimum), or why not. */
export function joinTerms(
  plans: Pick<SnapshotPlan, 'id' | 'name' | 'min_amount' | 'max_amount' | 'is_active'>[],
  body: WhatIfInput,
): Assumptions['join'] | string {
  if (body.joins_per_day === 0) return null;
  const onSale = plans.filter((p) => p.is_active);
  const plan = body.join_plan_id ? onSale.find((p) => p.id === body.join_plan_id) : onSale[0];
  if (!plan) return 'Choose a plan on sale for the new members';
  const amount = body.join_amount === undefined ? plan.min_amount : toMicro(body.join_amount)!;
  if (amount < plan.min_amount || amount > plan.max_amount) {
    return `New members buy ${plan.name} for ${formatUsdt(plan.min_amount)} to ${formatUsdt(plan.max_amount)}`;
  }
  return { planId: plan.id, amount };
}

/** One scenario's days and the members at their limit at the end. */
export interface ScenarioRun {
  days: DayFigures[];
  atLimit: number;
}

/**
 * Runs one scenario (the current settings, or the proposed ones) over `body.days`; `onDay(n)` after
 * each day lets the caller report progress (and gives a cancel a moment to land).
 */
export async function runScenario(
  snap: Snapshot,
  body: WhatIfInput,
  proposed: boolean,
  onDay: (daysDone: number) => Promise<void> | void,
): Promise<ScenarioRun> {
  const join = joinTerms(snap.plans, body);
  if (typeof join === 'string') throw new Error(join);
  const assume: Assumptions = {
    claimRate: body.claim_rate,
    joinsPerDay: body.joins_per_day,
    join,
    withdrawRate: body.withdraw_rate,
  };
  const scenario = new Scenario(snap, proposed ? { plans: body.plans, levels: body.levels } : null, assume);
  const days: DayFigures[] = [];
  for (let day = 1; day <= body.days; day++) {
    days.push(scenario.runDay(day));
    await onDay(day);
  }
  return { days, atLimit: scenario.atLimit() };
}

/** The result as the contract answers it, from both scenarios' runs. */
export function projectionOf(
  snap: Snapshot,
  body: WhatIfInput,
  current: ScenarioRun,
  proposed: ScenarioRun,
): WhatIf {
  const join = joinTerms(snap.plans, body);
  const claimants = snap.members.filter((m) => !m.blocked && m.active).length;
  const a = scenarioOf(snap.from, current.days, current.atLimit);
  const b = scenarioOf(snap.from, proposed.days, proposed.atLimit);
  return {
    from: new Date(snap.from).toISOString(),
    members: claimants,
    member_days: memberDays(claimants, body),
    assumptions: assumptionsOf(snap, body, typeof join === 'string' ? null : join),
    summary: summaryOf(body.days, a, b),
    current: a,
    proposed: b,
  };
}

function scenarioOf(from: number, figures: DayFigures[], atLimitEnd: number): WhatIfScenario {
  const days: ProjectedDay[] = figures.map((f, n) => ({
    day: n + 1,
    date: new Date(from + (n + 1) * DAY_MS).toISOString().slice(0, 10),
    incomes: {
      roi_income: fromMicro(f.incomes.roi_income),
      level_income: fromMicro(f.incomes.level_income),
      direct_income: fromMicro(f.incomes.direct_income),
      reward: fromMicro(f.incomes.reward),
      salary: fromMicro(f.incomes.salary),
      cto: fromMicro(f.incomes.cto),
    },
    claims: f.claims,
    joins: f.joins,
    deposits: fromMicro(f.deposits),
    withdrawals: fromMicro(f.withdrawals),
    withdrawal_fees: fromMicro(f.withdrawalFees),
    members_at_cap: f.membersAtCap,
    liabilities: fromMicro(f.liabilities),
    reserves: fromMicro(f.reserves),
    coverage: coverage(f.reserves, f.liabilities).ratio,
  }));
  const sum = (pick: (f: DayFigures) => bigint) => figures.reduce((s, f) => s + pick(f), 0n);
  const kinds = ['roi_income', 'level_income', 'direct_income', 'reward', 'salary', 'cto'] as const;
  const totals = Object.fromEntries(kinds.map((k) => [k, sum((f) => f.incomes[k])])) as Record<
    (typeof kinds)[number],
    bigint
  >;
  const paid = kinds.reduce((s, k) => s + totals[k], 0n);
  const below = days.find((d) => d.coverage !== null && d.coverage < 1);
  return {
    days,
    totals: {
      ...(Object.fromEntries(kinds.map((k) => [k, fromMicro(totals[k])])) as Record<
        (typeof kinds)[number],
        number
      >),
      claims: figures.reduce((s, f) => s + f.claims, 0),
      joins: figures.reduce((s, f) => s + f.joins, 0),
      withdrawals: fromMicro(sum((f) => f.withdrawals)),
      paid: fromMicro(paid),
    },
    coverage_below_100_on: below?.date ?? null,
    members_at_limit_end: atLimitEnd,
  };
}

/** A coverage at the precision the what-if screen shows every coverage in (one decimal: issue 29.13). */
const percentText = (ratio: number | null | undefined) =>
  ratio === null || ratio === undefined
    ? 'nothing owed'
    : `${(ratio * 100).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/** "Proposed pays 12,400.00 USDT more over 90 days; coverage ends at 87.2 % instead of 104.0 %." */
export function summaryOf(days: number, current: WhatIfScenario, proposed: WhatIfScenario): string {
  const diff = toMicro(proposed.totals.paid)! - toMicro(current.totals.paid)!;
  const period = `over ${days} day${days === 1 ? '' : 's'}`;
  const pays =
    diff === 0n
      ? `Proposed and current pay the same ${period}`
      : `Proposed pays ${formatUsdt(diff < 0n ? -diff : diff)} ${diff > 0n ? 'more' : 'less'} ${period}`;
  const end = (s: WhatIfScenario) => s.days.at(-1)?.coverage;
  const cover =
    end(proposed) === end(current)
      ? `coverage ends at ${percentText(end(proposed))} in both`
      : `coverage ends at ${percentText(end(proposed))} instead of ${percentText(end(current))}`;
  const limit =
    proposed.members_at_limit_end === current.members_at_limit_end
      ? ''
      : `; ${proposed.members_at_limit_end} members end at their earning limit instead of ${current.members_at_limit_end}`;
  return `${pays}; ${cover}${limit}.`;
}

function assumptionsOf(snap: Snapshot, body: WhatIfInput, join: Assumptions['join']): string[] {
  const plan = join ? snap.plans.find((p) => p.id === join.planId) : null;
  return [
    `Each day ${body.claim_rate} % of the members able to claim watch the video and claim, in member order (the same members in both columns).`,
    join && plan
      ? `${body.joins_per_day} new member(s) a day, each under an existing member (a fixed spread), deposit ${formatUsdt(join.amount)}, buy ${plan.name} the same day (their sponsor earns direct income) and claim from that day on; nobody else buys or deposits.`
      : 'No one joins, buys a plan or deposits.',
    body.withdraw_rate > 0
      ? `Members withdraw ${body.withdraw_rate} % of their earnings (ROI not compounded, and working income) as soon as that share reaches the minimum withdrawal, paying the live withdrawal fees.`
      : 'No one withdraws.',
    'Members with an open reward stage claim it on the day their team business reaches it (with the leg cap), and the next stage opens; members without a stage do not start one.',
    'The salary run assigns tiers and pays the months due every day; open CTO pools are paid on the first projected day of their month, to the members qualified then.',
    'Members reach their earning limit and compound their set share of each ROI claim as the live engine decides it; no one is blocked, unblocked or changes a setting.',
  ];
}
