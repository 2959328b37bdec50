/**
 * Salary's rules, pure (DOMAIN.md, Salary): which tier a member is assigned and when its months fall
 * due. The daily run (job.ts) and the what-if projection (what-if/engine.ts) decide with these.
 */
import { SALARY_MONTH_DAYS } from '@app/contracts/salary';

const DAY_MS = 86_400_000;

export const dueAt = (assignedAt: Date, month: number) =>
  new Date(assignedAt.getTime() + month * SALARY_MONTH_DAYS * DAY_MS);

/** Months of an assignment due by `now` (at most its months). */
export function monthsDue(a: { assigned_at: Date; months: number }, now: Date) {
  const elapsed = Math.floor((now.getTime() - a.assigned_at.getTime()) / (SALARY_MONTH_DAYS * DAY_MS));
  return Math.max(0, Math.min(a.months, elapsed));
}

export interface SalaryTier {
  id: number;
  amount: bigint;
  required_directs: number;
  required_business: bigint;
}

/**
 * The tier a run assigns a member (tiers best first), or null: the highest they qualify for, unless
 * they already hold or held one paying as much or more (never a downgrade, never the same tier twice).
 */
export function tierFor<T extends SalaryTier>(
  tiers: readonly T[],
  member: { directs: number; business: bigint },
  held: { amount: bigint; tiers: ReadonlySet<number> } | undefined,
): T | null {
  const best = tiers.find(
    (t) => member.directs >= t.required_directs && member.business >= t.required_business,
  );
  if (!best) return null;
  if (held && (held.amount >= best.amount || held.tiers.has(best.id))) return null;
  return best;
}
