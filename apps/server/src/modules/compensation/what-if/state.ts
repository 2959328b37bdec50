/**
 * One scenario's platform in memory: the snapshot's members, balances, reward stages, salary
 * assignments and CTO pools, as arrays by member index, changed day by day by engine.ts (joins,
 * claims) and payouts.ts (rewards, salary, CTO, withdrawals). `credit` is creditIncomes' decision on
 * these figures: the earning limit (incomes/limit.ts), then the wallets and the day's totals.
 */
import type { ProjectedIncomes } from '@app/contracts/what-if';
import { CAPPED_KINDS, type IncomeItem, type IncomeRecord } from '../incomes/income.js';
import { askedPerMember, type LimitDecision, paidWithin, spreadWithinLimit } from '../incomes/limit.js';
import { DEFAULT_CAP_MULTIPLE } from '../incomes/repo.js';
import { earningLimit } from '../roi/rules.js';
import type { Snapshot, SnapshotAssignment, SnapshotPlan, SnapshotStage } from './snapshot.js';

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

export interface Stage extends Omit<SnapshotStage, 'carried' | 'window'> {
  carried: Map<number, bigint>;
  window: Map<number, bigint>;
  /** Business changed since qualification was last decided. */
  dirty: boolean;
}

export class PlatformState {
  readonly index = new Map<number, number>();
  readonly ids: number[] = [];
  readonly sponsor: number[] = [];
  readonly blocked: boolean[] = [];
  readonly active: boolean[] = [];
  readonly roiOpen: boolean[] = [];
  readonly levelOpen: boolean[] = [];
  readonly planOf: (SnapshotPlan | null)[] = [];
  readonly compound: string[] = [];
  readonly activePlan: bigint[] = [];
  readonly earned: bigint[] = [];
  readonly lastClaim: (number | null)[] = [];
  readonly directs: number[] = [];
  readonly team: bigint[] = [];
  readonly directsBusiness: bigint[] = [];
  /** Earnings since the member's last projected withdrawal (ROI not compounded; working income). */
  readonly roiNotWithdrawn: bigint[] = [];
  readonly profitNotWithdrawn: bigint[] = [];
  readonly plans = new Map<number, SnapshotPlan>();
  readonly levelPercents: string[];
  readonly stages = new Map<number, Stage>();
  readonly salary = new Map<number, SnapshotAssignment>();
  readonly held: Map<number, { amount: bigint; tiers: Set<number> }>;
  ctoPools: Snapshot['ctoPools'];
  liabilities: bigint;
  reserves: bigint;
  nextId: number;
  today!: DayFigures;

  constructor(
    readonly snap: Snapshot,
    proposal: Proposal | null,
    readonly assume: Assumptions,
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

  add(id: number, sponsor: number) {
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
  claimants(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.ids.length; i++) if (!this.blocked[i] && this.active[i]) out.push(i);
    return out;
  }

  limitOf(i: number) {
    return earningLimit(this.activePlan[i]!, this.planOf[i]?.cap_multiple ?? DEFAULT_CAP_MULTIPLE);
  }

  /** creditIncomes' decisions, on the scenario's figures: the earning limit, then the wallets. */
  credit(items: IncomeItem[]): IncomeRecord[] {
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

  /** Members whose earnings reached their limit. */
  atLimit(): number {
    let n = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (this.activePlan[i]! > 0n && this.earned[i]! >= this.limitOf(i)) n++;
    }
    return n;
  }
}
