/**
 * What a projection starts from: one consistent read of the platform (repo.ts `readSnapshot`, in a
 * read-only repeatable-read transaction), in the plain shapes the engine computes on.
 */
import type { Settings } from '@app/contracts/settings';
import type { CtoRules } from '../cto/rules.js';
import type { SalaryTier } from '../salary/rules.js';

export interface SnapshotPlan {
  id: number;
  name: string;
  roi_percent: string;
  cap_multiple: number;
  direct_percent: string;
  min_amount: bigint;
  max_amount: bigint;
  is_active: boolean;
}

export interface SnapshotMember {
  id: number;
  sponsorId: number | null;
  /** Levels from the root (the root is 1). */
  depth: number;
  blocked: boolean;
  active: boolean;
  roiOpen: boolean;
  levelOpen: boolean;
  planId: number | null;
  compoundPercent: string;
  /** Principal + compound less holds. */
  activePlan: bigint;
  /** Total earnings counted against the limit. */
  earned: bigint;
  lastClaimAt: number | null;
  /** Own net purchases ('invested' less 'divested' tree events): team and directs' business. */
  invested: bigint;
}

export interface SnapshotStage {
  userId: number;
  planId: number;
  planOrder: number;
  threshold: bigint;
  reward: bigint;
  countAfter: number;
  endsAt: number;
  carried: Map<number, bigint>;
  /** Business per leg inside the window so far. */
  window: Map<number, bigint>;
  /** Reward plans this member has staged or been paid (never opened again). */
  done: Set<number>;
}

export interface SnapshotAssignment {
  userId: number;
  tierId: number;
  amount: bigint;
  months: number;
  paidMonths: number;
  assignedAt: number;
}

export interface Snapshot {
  /** The projection's day 0 (ms). */
  from: number;
  settings: Settings;
  plans: SnapshotPlan[];
  levels: { percents: string[]; unlockByDirects: boolean };
  /** Every member (role user), ascending id. */
  members: SnapshotMember[];
  /** Sum of member balances (liabilities) and platform cash received less paid out (reserves). */
  liabilities: bigint;
  reserves: bigint;
  /** Reward plans on offer, in order. */
  rewardPlans: { id: number; business: bigint; reward: bigint; days: number; sort_order: number }[];
  stages: SnapshotStage[];
  /** Active salary tiers, best first. */
  salaryTiers: (SalaryTier & { months: number })[];
  salaryCurrent: SnapshotAssignment[];
  salaryHeld: Map<number, { amount: bigint; tiers: Set<number> }>;
  /** CTO pools not paid yet. */
  ctoPools: { id: number; period: string; amount: bigint }[];
  ctoRules: CtoRules;
}
