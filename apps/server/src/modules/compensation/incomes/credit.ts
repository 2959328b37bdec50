/**
 * The one way an income is paid (DOMAIN.md, Earning limit and Incomes). Callers decide who is owed
 * what by their own rule (direct, level, ROI, reward, salary, CTO, bonus); this applies the earning
 * limit, posts what is paid from `platform:incentives` through the ledger, and records every
 * decision with its cause, also when the limit cut it to nothing.
 *
 * Locking: none on the recipients' accounts (the ledger credits without locks, and
 * `platform:incentives` is never locked); the earning limit is decided by cap.ts, which locks at most
 * one stripe of each recipient's running total and never waits for one. Many claims below one upline
 * pay that upline at the same time.
 */
import { DEFAULT_SETTINGS } from '@app/contracts/settings';
import type { Tx } from '../../../db/pool.js';
import { member, platform } from '../../../ledger/accounts.js';
import { postOnce } from '../../../ledger/ledger.js';
import { incomePaid, notifyMembers } from '../../content/notifications/events.js';
import { takeRoom } from './cap.js';
import { type CapDecision, type IncomeItem, type IncomeRecord, walletOf } from './income.js';
import { askedPerMember, spreadWithinLimit } from './limit.js';
import * as repo from './repo.js';

/**
 * Pays `items` inside the caller's transaction, all or nothing. `key` is the ledger idempotency key
 * of the whole batch (derive it from the cause, e.g. `roi:<claimId>`): a replay throws the ledger's
 * `Replayed`, rolling the caller's transaction back (answer it with `withReplay`).
 * Items for the same member are applied in order against one running total.
 */
export async function creditIncomes(
  tx: Tx,
  items: IncomeItem[],
  key: string,
  now: Date,
): Promise<IncomeRecord[]> {
  if (items.length === 0) return [];
  for (const item of items) {
    if (item.amount <= 0n) throw new Error(`income amount must be positive (${item.kind})`);
  }
  // the capped amount asked for each member, decided at once per member, then spread over their items
  const asked = askedPerMember(items);
  const decisions =
    asked.size > 0
      ? await takeRoom(
          tx,
          [...asked].map(([userId, amount]) => ({ userId, amount })),
          now,
        )
      : new Map<number, CapDecision>();
  const records = spreadWithinLimit(items, decisions);

  const payable = records.filter((r) => r.paid > 0n);
  if (payable.length > 0) {
    const transfers = await postOnce(
      tx,
      {
        idempotencyKey: key,
        transfers: payable.map((r) => ({
          kind: r.kind,
          debit: platform('platform:incentives'),
          credit: member(r.userId, walletOf(r.kind)),
          amount: r.paid,
          refType: r.refType,
          refId: r.refId,
          meta: causeOf(r),
        })),
      },
      now,
    );
    payable.forEach((r, i) => {
      r.transferId = transfers[i]!.id;
    });
  }
  await repo.record(tx, records, [...decisions.values()], now);
  await notifyMembers(tx, payable.map(incomePaid), now, {
    minimum: 'income',
    defaultMinimum: DEFAULT_SETTINGS.income_notify_min,
  });
  return records;
}

/** What the ledger entry says about why it was paid (DOMAIN.md: source, level, base, percent, cap). */
function causeOf(r: IncomeRecord): Record<string, unknown> {
  return {
    ...r.meta,
    source_user_id: r.sourceUserId ?? null,
    level: r.level ?? null,
    base_amount: r.baseAmount?.toString() ?? null,
    percent: r.percent === undefined || r.percent === null ? null : String(r.percent),
    gross: r.amount.toString(),
    cut: r.cut.toString(),
    earning_limit: r.earningLimit?.toString() ?? null,
    earned_before: r.earnedBefore?.toString() ?? null,
  };
}
