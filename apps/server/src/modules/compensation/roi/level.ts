import { percentOf } from '@app/contracts/money';
import type { IncomeItem } from '../incomes/income.js';
import type { UplineFacts } from './repo.js';

/** The ancestors of a member from their ltree path (root first, self last), nearest first. */
export function ancestorsOf(path: string | null): number[] {
  if (!path) return [];
  const ids = path.split('.').map(Number);
  ids.pop();
  return ids.reverse();
}

/**
 * Whether an upline earns level `k` of a claim (DOMAIN.md, Incomes): an active, unblocked member
 * whose level income is open and who, under the unlock rule, has at least k active directs.
 */
export function earnsLevel(u: UplineFacts): boolean {
  if (u.role !== 'user' || u.status !== 'unblock' || u.is_active !== 'active') return false;
  if (u.level_status !== 'open') return false;
  return !u.unlock_by_directs || (u.directs ?? 0) >= u.level;
}

/**
 * Level income of one ROI claim: each qualifying upline earns its level's percent of the ROI
 * amount, once per claim (cause `roi_claim` / claim id). An upline that does not qualify gets no
 * income row; the earning limit is applied by creditIncomes.
 */
export function levelIncomes(claim: {
  claimId: string;
  memberId: number;
  roiAmount: bigint;
  uplines: UplineFacts[];
}): IncomeItem[] {
  const items: IncomeItem[] = [];
  for (const u of claim.uplines) {
    if (!earnsLevel(u)) continue;
    const amount = percentOf(claim.roiAmount, u.percent);
    if (amount <= 0n) continue;
    items.push({
      userId: Number(u.id),
      kind: 'level_income',
      amount,
      refType: 'roi_claim',
      refId: claim.claimId,
      sourceUserId: claim.memberId,
      level: u.level,
      baseAmount: claim.roiAmount,
      percent: u.percent,
      meta: u.unlock_by_directs ? { active_directs_at_least: u.level } : {},
    });
  }
  return items;
}
