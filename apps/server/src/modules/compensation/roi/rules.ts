/**
 * The daily ROI claim's rules, pure (DOMAIN.md, Incomes): who may claim now, how much, and the
 * compound share. The live claim (service.ts) and the what-if projection (what-if/engine.ts) decide
 * with these functions; neither keeps a copy.
 */
import { percentOf } from '@app/contracts/money';

const HOUR_MS = 3_600_000;

export interface ClaimState {
  blocked: boolean;
  roiOpen: boolean;
  activePlan: bigint;
  /** The plan's daily ROI percent; null when the member holds no plan row. */
  roiPercent: string | null;
  capMultiple: number;
  /** Total earnings counted against the limit. */
  earned: bigint;
  lastClaimAt: Date | null;
}

export type ClaimRefusal = 'blocked' | 'noPlan' | 'roiClosed' | 'atLimit' | 'cooldown';

/** The earning limit: active plan x the plan's cap multiple. */
export const earningLimit = (activePlan: bigint, capMultiple: number) => activePlan * BigInt(capMultiple);

/** When the member may claim again after a claim at `last`. */
export const nextClaimAt = (last: Date, cooldownHours: number) =>
  new Date(last.getTime() + cooldownHours * HOUR_MS);

/** Why a claim at `now` is refused (in the order the live route checks), or null when it may go on. */
export function claimRefusal(s: ClaimState, now: Date, cooldownHours: number): ClaimRefusal | null {
  if (s.blocked) return 'blocked';
  if (s.activePlan <= 0n || s.roiPercent === null) return 'noPlan';
  if (!s.roiOpen) return 'roiClosed';
  if (s.earned >= earningLimit(s.activePlan, s.capMultiple)) return 'atLimit';
  if (s.lastClaimAt && now < nextClaimAt(s.lastClaimAt, cooldownHours)) return 'cooldown';
  return null;
}

/** The day's ROI of a claim: active plan x the plan's daily percent. */
export const roiAmount = (activePlan: bigint, roiPercent: string) => percentOf(activePlan, roiPercent);

/** The share of the ROI paid that moves to `compound` (the member's compound percent). */
export const compoundShareOf = (paid: bigint, compoundPercent: string) =>
  paid > 0n ? percentOf(paid, compoundPercent) : 0n;
