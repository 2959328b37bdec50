/**
 * The one way an income is paid (DOMAIN.md, Earning limit and Incomes). Callers decide who is owed
 * what by their own rule (direct, level, ROI, reward, salary, CTO, bonus); this applies the earning
 * limit, posts what is paid from `platform:incentives` through the ledger, and records every
 * decision with its cause, also when the limit cut it to nothing.
 *
 * Locking: the recipients' principal and compound accounts are locked with the credited ones (one
 * sorted statement, like every posting), so the limit (active plan × cap multiple) and the running
 * total cannot move under the check. `member_earnings` is written only while those locks are held.
 */
import type { Tx } from '../../db/pool.js';
import { type AccountRef, member, platform } from '../../ledger/accounts.js';
import { dedupe, postOnce } from '../../ledger/ledger.js';
import { lockAccounts } from '../../ledger/repo.js';
import * as repo from './repo.js';

export const INCOME_KINDS = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
  'cto',
  'bonus',
] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** The kinds the spec counts in Total earnings (section 9), and so the ones the limit caps. */
export const CAPPED_KINDS: readonly IncomeKind[] = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
];

export interface IncomeItem {
  userId: number;
  kind: IncomeKind;
  /** What the rule computed, in micro-units (> 0). */
  amount: bigint;
  /** The cause; one income per member, kind and cause. */
  refType: string;
  refId: string;
  sourceUserId?: number | null;
  level?: number | null;
  baseAmount?: bigint | null;
  /** The percent the rule applied, as written in settings or on the plan (e.g. "0.5"). */
  percent?: string | number | null;
  meta?: Record<string, unknown>;
}

export interface IncomeRecord extends IncomeItem {
  paid: bigint;
  cut: bigint;
  earningLimit: bigint | null;
  earnedBefore: bigint | null;
  transferId: string | null;
}

/** ROI is non-working income and lands in `roi`; every other income in `earnings`. */
export const walletOf = (kind: IncomeKind) => (kind === 'roi_income' ? 'roi' : 'earnings');

/**
 * The accounts paying `items` locks. A transaction that also moves other money (a purchase paying
 * direct income) locks these together with its own in ONE statement first, so every transaction
 * takes its account locks in id order and two of them can never wait on each other.
 */
export function incomeAccounts(items: IncomeItem[]): AccountRef[] {
  const refs: AccountRef[] = [platform('platform:incentives')];
  for (const i of items) {
    refs.push(
      member(i.userId, 'principal'),
      member(i.userId, 'compound'),
      member(i.userId, walletOf(i.kind)),
    );
  }
  return dedupe(refs);
}

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
  const users = [...new Set(items.map((i) => i.userId))];
  const accounts = await lockAccounts(tx, incomeAccounts(items));
  const activePlan = new Map<number, bigint>();
  for (const a of accounts) {
    if (a.owner_user_id === null || (a.kind !== 'principal' && a.kind !== 'compound')) continue;
    const owner = Number(a.owner_user_id);
    activePlan.set(owner, (activePlan.get(owner) ?? 0n) + a.balance - a.pending);
  }
  const limits = await repo.limitFacts(tx, users);

  const records: IncomeRecord[] = items.map((item) => {
    if (!CAPPED_KINDS.includes(item.kind)) {
      return {
        ...item,
        paid: item.amount,
        cut: 0n,
        earningLimit: null,
        earnedBefore: null,
        transferId: null,
      };
    }
    const facts = limits.get(item.userId)!;
    const limit = (activePlan.get(item.userId) ?? 0n) * BigInt(facts.capMultiple);
    const room = limit > facts.total ? limit - facts.total : 0n;
    const paid = item.amount < room ? item.amount : room;
    const record = {
      ...item,
      paid,
      cut: item.amount - paid,
      earningLimit: limit,
      earnedBefore: facts.total,
      transferId: null,
    };
    facts.total += paid;
    return record;
  });

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
  await repo.record(tx, records, now);
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
