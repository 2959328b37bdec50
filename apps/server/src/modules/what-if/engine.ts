/**
 * The projection's engine: the next days of the platform in memory, from a snapshot, deciding every
 * income with the live engine's own rules (roi/rules.ts, roi/level.ts, incomes/direct.ts,
 * incomes/limit.ts, rewards/business.ts, salary/rules.ts, cto/rules.ts, the withdrawal fee). It
 * reads and writes nothing but its own arrays, so it runs in a worker thread, away from the locks
 * and pool slots of live traffic.
 *
 * A day, in the order the equality test drives the live engine: joins (deposit, plan purchase,
 * the sponsor's direct income), ROI claims in member id order (with level income and the compound
 * share), reward stages reached, the salary run, CTO pools whose month has begun, withdrawals.
 */
import { percentOf, toMicro } from '@app/contracts/money';
import type { ProjectedIncomes } from '@app/contracts/what-if';
import { withdrawalFeePercent } from '@app/contracts/withdrawals';
import { ctoQualifies, ctoShare } from '../cto/rules.js';
import { directIncome } from '../incomes/direct.js';
import { CAPPED_KINDS, type IncomeItem, type IncomeKind, type IncomeRecord } from '../incomes/income.js';
import { askedPerMember, type LimitDecision, paidWithin, spreadWithinLimit } from '../incomes/limit.js';
import { DEFAULT_CAP_MULTIPLE } from '../incomes/repo.js';
import { applyLegCap, stageEnd } from '../rewards/business.js';
import { levelIncomes } from '../roi/level.js';
import type { UplineFacts } from '../roi/repo.js';
import { claimRefusal, compoundShareOf, earningLimit, roiAmount } from '../roi/rules.js';
import { monthsDue, tierFor } from '../salary/rules.js';
import type { Snapshot, SnapshotAssignment, SnapshotPlan, SnapshotStage } from './snapshot.js';

const DAY_MS = 86_400_000;

/** What a scenario changes: plan terms and level percents (the rest is the snapshot's). */
export interface Proposal {
  plans: {
    id: number;
    roi_percent?: number | undefined;
    cap_multiple?: number | undefined;
    direct_percent?: number | undefined;
  }[];
  levels?: number[] | undefined;
}

export interface Assumptions {
  days: number;
  claimRate: number;
  joinsPerDay: number;
  /** The plan and amount each new member buys (null: nobody joins). */
  join: { planId: number; amount: bigint } | null;
  withdrawRate: number;
}

export interface DayFigures {
  incomes: Record<keyof ProjectedIncomes, bigint>;
  claims: number;
  joins: number;
  deposits: bigint;
  withdrawals: bigint;
  withdrawalFees: bigint;
  membersAtCap: number;
  liabilities: bigint;
  reserves: bigint;
}

/**
 * Whether a member claims on a day under the claim rate: a fixed spread over members and days, the
 * same in both scenarios, so the columns differ only by the settings.
 */
export function claimsToday(userId: number, day: number, rate: number): boolean {
  if (rate >= 100) return true;
  return ((Math.imul(userId, 2_654_435_761) + Math.imul(day, 40_503)) >>> 0) % 100 < rate;
}

/** The sponsor of the `j`-th member joining on `day`, among `sponsors` (a fixed spread, the same in both scenarios). */
export const joinSponsor = <T>(day: number, j: number, sponsors: readonly T[]): T =>
  sponsors[(Math.imul(day * 1_000 + j, 2_654_435_761) >>> 0) % sponsors.length]!;

interface Stage extends Omit<SnapshotStage, 'carried' | 'window'> {
  carried: Map<number, bigint>;
  window: Map<number, bigint>;
  /** Business changed since qualification was last decided. */
  dirty: boolean;
}

/** One scenario's platform: the snapshot's members and balances, changed day by day. */
export class Scenario {
  private readonly index = new Map<number, number>();
  private readonly ids: number[] = [];
  private readonly sponsor: number[] = [];
  private readonly blocked: boolean[] = [];
  private readonly active: boolean[] = [];
  private readonly roiOpen: boolean[] = [];
  private readonly levelOpen: boolean[] = [];
  private readonly planOf: (SnapshotPlan | null)[] = [];
  private readonly compound: string[] = [];
  private readonly activePlan: bigint[] = [];
  private readonly earned: bigint[] = [];
  private readonly lastClaim: (number | null)[] = [];
  private readonly directs: number[] = [];
  private readonly team: bigint[] = [];
  private readonly directsBusiness: bigint[] = [];
  /** Earnings since the member's last projected withdrawal (ROI not compounded; working income). */
  private readonly roiNotWithdrawn: bigint[] = [];
  private readonly profitNotWithdrawn: bigint[] = [];
  private readonly plans = new Map<number, SnapshotPlan>();
  private readonly levelPercents: string[];
  private readonly stages = new Map<number, Stage>();
  private readonly salary = new Map<number, SnapshotAssignment>();
  private readonly held: Map<number, { amount: bigint; tiers: Set<number> }>;
  private ctoPools: Snapshot['ctoPools'];
  private liabilities: bigint;
  private reserves: bigint;
  private nextId: number;
  private today!: DayFigures;

  constructor(
    private readonly snap: Snapshot,
    proposal: Proposal | null,
    private readonly assume: Assumptions,
  ) {
    for (const p of snap.plans) this.plans.set(p.id, { ...p });
    this.levelPercents = [...snap.levels.percents];
    if (proposal) {
      for (const change of proposal.plans) {
        const p = this.plans.get(change.id);
        if (!p) continue;
        if (change.roi_percent !== undefined) p.roi_percent = String(change.roi_percent);
        if (change.cap_multiple !== undefined) p.cap_multiple = change.cap_multiple;
        if (change.direct_percent !== undefined) p.direct_percent = String(change.direct_percent);
      }
      if (proposal.levels) this.levelPercents = proposal.levels.map(String);
    }
    for (const m of snap.members) {
      this.add(m.id, -1);
      const i = this.ids.length - 1;
      this.blocked[i] = m.blocked;
      this.active[i] = m.active;
      this.roiOpen[i] = m.roiOpen;
      this.levelOpen[i] = m.levelOpen;
      this.planOf[i] = m.planId === null ? null : (this.plans.get(m.planId) ?? null);
      this.compound[i] = m.compoundPercent;
      this.activePlan[i] = m.activePlan;
      this.earned[i] = m.earned;
      this.lastClaim[i] = m.lastClaimAt;
    }
    snap.members.forEach((m, i) => {
      this.sponsor[i] = m.sponsorId === null ? -1 : (this.index.get(m.sponsorId) ?? -1);
    });
    // team and directs' business from each member's own purchases: deepest members first, each
    // subtree added to its sponsor
    const own = snap.members.map((m) => m.invested);
    const subtree = [...own];
    const deepestFirst = snap.members
      .map((_, i) => i)
      .sort((a, b) => snap.members[b]!.depth - snap.members[a]!.depth);
    for (const i of deepestFirst) {
      const s = this.sponsor[i]!;
      if (s < 0) continue;
      subtree[s] = subtree[s]! + subtree[i]!;
      this.directsBusiness[s] = this.directsBusiness[s]! + own[i]!;
      if (this.active[i]) this.directs[s] = this.directs[s]! + 1;
    }
    for (let i = 0; i < this.ids.length; i++) this.team[i] = subtree[i]! - own[i]!;
    for (const st of snap.stages) {
      const i = this.index.get(st.userId);
      if (i === undefined) continue;
      this.stages.set(i, {
        ...st,
        carried: new Map(st.carried),
        window: new Map(st.window),
        done: new Set(st.done),
        dirty: true,
      });
    }
    for (const a of snap.salaryCurrent) {
      const i = this.index.get(a.userId);
      if (i !== undefined) this.salary.set(i, { ...a });
    }
    this.held = new Map(
      [...snap.salaryHeld].map(([id, h]) => [id, { amount: h.amount, tiers: new Set(h.tiers) }]),
    );
    this.ctoPools = [...snap.ctoPools].sort((a, b) => a.period.localeCompare(b.period));
    this.liabilities = snap.liabilities;
    this.reserves = snap.reserves;
    this.nextId = Math.max(0, ...snap.members.slice(-1).map((m) => m.id)) + 1;
  }

  private add(id: number, sponsor: number) {
    this.index.set(id, this.ids.length);
    this.ids.push(id);
    this.sponsor.push(sponsor);
    this.blocked.push(false);
    this.active.push(false);
    this.roiOpen.push(true);
    this.levelOpen.push(true);
    this.planOf.push(null);
    this.compound.push('0');
    this.activePlan.push(0n);
    this.earned.push(0n);
    this.lastClaim.push(null);
    this.directs.push(0);
    this.team.push(0n);
    this.directsBusiness.push(0n);
    this.roiNotWithdrawn.push(0n);
    this.profitNotWithdrawn.push(0n);
  }

  /** Members who may claim at all (unblocked, active), in ascending id: also the sponsors of joins. */
  private claimants(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.ids.length; i++) if (!this.blocked[i] && this.active[i]) out.push(i);
    return out;
  }

  private limitOf(i: number) {
    return earningLimit(this.activePlan[i]!, this.planOf[i]?.cap_multiple ?? DEFAULT_CAP_MULTIPLE);
  }

  /** creditIncomes' decisions, on the scenario's figures: the earning limit, then the wallets. */
  private credit(items: IncomeItem[]): IncomeRecord[] {
    const decisions = new Map<number, LimitDecision>();
    for (const [userId, asked] of askedPerMember(items)) {
      const i = this.index.get(userId)!;
      const limit = this.limitOf(i);
      const earnedBefore = this.earned[i]!;
      decisions.set(userId, { paid: paidWithin(asked, limit, earnedBefore), limit, earnedBefore });
    }
    const records = spreadWithinLimit(items, decisions);
    for (const r of records) {
      if (r.paid <= 0n) continue;
      const i = this.index.get(r.userId)!;
      if (CAPPED_KINDS.includes(r.kind)) this.earned[i] = this.earned[i]! + r.paid;
      this.today.incomes[r.kind as keyof ProjectedIncomes] += r.paid;
      this.liabilities += r.paid;
      if (r.kind !== 'roi_income') this.profitNotWithdrawn[i] = this.profitNotWithdrawn[i]! + r.paid;
    }
    return records;
  }

  /** Runs day `day` (1-based), ending at `from + day` days; answers that day's figures. */
  runDay(day: number): DayFigures {
    const at = this.snap.from + day * DAY_MS;
    this.today = {
      incomes: { roi_income: 0n, level_income: 0n, direct_income: 0n, reward: 0n, salary: 0n, cto: 0n },
      claims: 0,
      joins: 0,
      deposits: 0n,
      withdrawals: 0n,
      withdrawalFees: 0n,
      membersAtCap: 0,
      liabilities: 0n,
      reserves: 0n,
    };
    this.joins(day, at);
    this.claims(day, at);
    this.rewards(at);
    this.salaryRun(at);
    this.cto(at);
    this.withdraw();
    this.today.liabilities = this.liabilities;
    this.today.reserves = this.reserves;
    return this.today;
  }

  private joins(day: number, at: number) {
    const join = this.assume.join;
    if (!join || this.assume.joinsPerDay === 0) return;
    const plan = this.plans.get(join.planId)!;
    const sponsors = this.claimants();
    for (let j = 0; j < this.assume.joinsPerDay && sponsors.length > 0; j++) {
      const s = joinSponsor(day, j, sponsors);
      const id = this.nextId++;
      this.add(id, s);
      const i = this.ids.length - 1;
      // the deposit comes from outside; the purchase moves it from fund to principal
      this.liabilities += join.amount;
      this.reserves += join.amount;
      this.today.deposits += join.amount;
      const sponsorEarns = !this.blocked[s] && this.active[s]!;
      this.active[i] = true;
      this.planOf[i] = plan;
      this.activePlan[i] = join.amount;
      this.directs[s] = this.directs[s]! + 1;
      this.invest(i, join.amount, at);
      this.credit(
        directIncome({
          topupId: `what-if:${id}`,
          memberId: id,
          sponsorId: this.ids[s]!,
          sponsorEarns,
          amount: join.amount,
          percent: plan.direct_percent,
        }),
      );
      this.today.joins++;
    }
  }

  /** A purchase counts in every upline's team business, their directs' business and reward legs. */
  private invest(buyer: number, amount: bigint, at: number) {
    let below = buyer;
    for (let up = this.sponsor[buyer]!; up >= 0; below = up, up = this.sponsor[up]!) {
      this.team[up] = this.team[up]! + amount;
      if (below === buyer) this.directsBusiness[up] = this.directsBusiness[up]! + amount;
      const stage = this.stages.get(up);
      if (stage && stage.countAfter < at && at < stage.endsAt) {
        const leg = this.ids[below]!;
        stage.window.set(leg, (stage.window.get(leg) ?? 0n) + amount);
        stage.dirty = true;
      }
    }
  }

  private claims(day: number, at: number) {
    if (!this.snap.settings.roi_claims_open) return;
    const cooldown = this.snap.settings.roi_cooldown_hours;
    const now = new Date(at);
    for (const i of this.claimants()) {
      const id = this.ids[i]!;
      if (!claimsToday(id, day, this.assume.claimRate)) continue;
      const plan = this.planOf[i];
      const lastClaim = this.lastClaim[i];
      const refusal = claimRefusal(
        {
          blocked: this.blocked[i]!,
          roiOpen: this.roiOpen[i]!,
          activePlan: this.activePlan[i]!,
          roiPercent: plan?.roi_percent ?? null,
          capMultiple: plan?.cap_multiple ?? DEFAULT_CAP_MULTIPLE,
          earned: this.earned[i]!,
          lastClaimAt: lastClaim === null || lastClaim === undefined ? null : new Date(lastClaim),
        },
        now,
        cooldown,
      );
      if (refusal === 'atLimit') this.today.membersAtCap++;
      if (refusal) continue;
      const amount = roiAmount(this.activePlan[i]!, plan!.roi_percent);
      if (amount <= 0n) continue;
      const claimId = `what-if:${id}:${day}`;
      const items: IncomeItem[] = [
        { userId: id, kind: 'roi_income', amount, refType: 'roi_claim', refId: claimId },
        ...levelIncomes({ claimId, memberId: id, roiAmount: amount, uplines: this.uplines(i) }),
      ];
      const records = this.credit(items);
      this.lastClaim[i] = at;
      this.today.claims++;
      const paid = records[0]!.paid;
      const share = compoundShareOf(paid, this.compound[i]!);
      if (share > 0n) this.activePlan[i] = this.activePlan[i]! + share;
      this.roiNotWithdrawn[i] = this.roiNotWithdrawn[i]! + paid - share;
    }
  }

  /** The uplines of member `i` as the claim's statement reads them (roi/repo.ts `claimFacts`). */
  private uplines(i: number): UplineFacts[] {
    const out: UplineFacts[] = [];
    const unlock = this.snap.levels.unlockByDirects;
    let level = 1;
    for (
      let up = this.sponsor[i]!;
      up >= 0 && level <= this.levelPercents.length;
      up = this.sponsor[up]!, level++
    ) {
      out.push({
        id: BigInt(this.ids[up]!),
        level,
        role: 'user',
        status: this.blocked[up] ? 'block' : 'unblock',
        is_active: this.active[up] ? 'active' : 'inactive',
        level_status: this.levelOpen[up] ? 'open' : 'close',
        percent: this.levelPercents[level - 1]!,
        unlock_by_directs: unlock,
        directs: unlock ? Math.min(this.directs[up]!, level) : null,
      });
    }
    return out;
  }

  /** Members whose stage is reached claim it that day (rewards/stages.ts `claim`), and the next stage opens. */
  private rewards(at: number) {
    const legCap = this.snap.settings.reward_leg_cap_percent;
    for (const [i, stage] of this.stages) {
      if (!stage.dirty || this.blocked[i] || this.activePlan[i]! <= 0n) continue;
      stage.dirty = false;
      if (!applyLegCap(stage.window, stage.carried, stage.threshold, legCap).qualified) continue;
      const id = this.ids[i]!;
      this.credit([
        {
          userId: id,
          kind: 'reward',
          amount: stage.reward,
          refType: 'reward_stage',
          refId: `what-if:${id}:${stage.planId}`,
        },
      ]);
      stage.done.add(stage.planId);
      const next = this.snap.rewardPlans.find((p) => p.sort_order > stage.planOrder && !stage.done.has(p.id));
      if (!next) {
        this.stages.delete(i);
        continue;
      }
      stage.done.add(next.id);
      this.stages.set(i, {
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
  private salaryRun(at: number) {
    const tiers = this.snap.salaryTiers;
    const now = new Date(at);
    if (tiers.length > 0) {
      for (let i = 0; i < this.ids.length; i++) {
        if (this.blocked[i] || !this.active[i]) continue;
        const id = this.ids[i]!;
        const business = this.team[i]! > 0n ? this.team[i]! : 0n;
        const best = tierFor(tiers, { directs: this.directs[i]!, business }, this.held.get(id));
        if (!best) continue;
        const current = this.salary.get(i);
        if (current) this.payDue(i, current, now);
        this.salary.set(i, {
          userId: id,
          tierId: best.id,
          amount: best.amount,
          months: best.months,
          paidMonths: 0,
          assignedAt: at,
        });
        const held = this.held.get(id) ?? { amount: 0n, tiers: new Set<number>() };
        held.tiers.add(best.id);
        if (best.amount > held.amount) held.amount = best.amount;
        this.held.set(id, held);
      }
    }
    for (const [i, a] of this.salary) {
      if (this.blocked[i]) continue;
      this.payDue(i, a, now);
      if (a.paidMonths >= a.months) this.salary.delete(i);
    }
  }

  private payDue(i: number, a: SnapshotAssignment, now: Date) {
    const due = monthsDue({ assigned_at: new Date(a.assignedAt), months: a.months }, now);
    for (let month = a.paidMonths + 1; month <= due; month++) {
      this.credit([
        {
          userId: this.ids[i]!,
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
  private cto(at: number) {
    const month = new Date(at).toISOString().slice(0, 7);
    const rules = this.snap.ctoRules;
    this.ctoPools = this.ctoPools.filter((pool) => {
      if (pool.period > month) return true;
      const members: number[] = [];
      for (let i = 0; i < this.ids.length; i++) {
        const directsBusiness = this.directsBusiness[i]! > 0n ? this.directsBusiness[i]! : 0n;
        if (
          ctoQualifies({ blocked: this.blocked[i]!, activePlan: this.activePlan[i]!, directsBusiness }, rules)
        ) {
          members.push(this.ids[i]!);
        }
      }
      const { share } = ctoShare(pool.amount, members.length);
      if (share === 0n) return true; // as the live payment refuses it: the pool stays open
      this.credit(
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
  private withdraw() {
    const rate = this.assume.withdrawRate;
    if (rate === 0) return;
    const s = this.snap.settings;
    const minimum = toMicro(s.withdrawal_min)!;
    for (const [kind, earned] of [
      ['roi', this.roiNotWithdrawn],
      ['profit', this.profitNotWithdrawn],
    ] as const) {
      const feePercent = withdrawalFeePercent(kind, s, Number.POSITIVE_INFINITY);
      for (let i = 0; i < earned.length; i++) {
        if (earned[i]! <= 0n || this.blocked[i]) continue;
        const gross = percentOf(earned[i]!, rate);
        if (gross <= 0n || gross < minimum) continue;
        earned[i] = 0n;
        const fee = percentOf(gross, feePercent);
        this.liabilities -= gross;
        this.reserves -= gross - fee;
        this.today.withdrawals += gross;
        this.today.withdrawalFees += fee;
      }
    }
  }

  /** Members whose earnings reached their limit. */
  atLimit(): number {
    let n = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (this.activePlan[i]! > 0n && this.earned[i]! >= this.limitOf(i)) n++;
    }
    return n;
  }
}
