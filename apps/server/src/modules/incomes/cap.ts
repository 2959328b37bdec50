/**
 * The earning limit (DOMAIN.md) without a lock every income to a member waits on. A member's total
 * earnings are split over stripes (`earning_stripes`); each stripe holds an allowance, room under the
 * limit reserved for it. An income is decided in one of two ways:
 *
 * - fast: a stripe of the member that no other transaction holds has allowance left for the whole
 *   amount, and the allowances together are within the limit as it stands now. The stripe is locked
 *   with SKIP LOCKED (never waiting) and the income is paid in full: every other payment in flight
 *   pays within its own stripe's allowance, so the total stays within the limit whatever commits first.
 * - slow: otherwise, under the member's cap lock (a transaction advisory lock; one slow decision per
 *   member at a time), every stripe no other transaction holds is taken back to what it earned, the
 *   allowances of stripes held by payments in flight count as earned (they may be spent), and the
 *   income is paid up to the room that leaves; the room left over is spread as new allowances.
 *
 * The limit only needs guarding where it can be crossed, so nothing that lowers the limit (a
 * withdrawal hold, a reversal, a plan with a smaller multiple) takes a lock here: a fast decision
 * compares the allowances with the limit read after its stripe is locked, and falls back to the slow
 * one when they no longer fit. Members are decided in ascending id order and only the cap lock is
 * ever waited for, so two transactions paying the same members cannot wait on each other in a cycle.
 */
import { prepared, type Tx } from '../../db/pool.js';
import { DEFAULT_CAP_MULTIPLE } from './repo.js';

/** At most this many stripes per member: concurrent payments to one member beyond it wait. */
export const MAX_STRIPES = 16;
/** Namespace of the cap locks among the advisory locks (two-key form, the member id second). */
const CAP_LOCK = 4242;

export interface CapRequest {
  userId: number;
  /** The whole amount asked for the member in this transaction (their capped items together). */
  amount: bigint;
}

export interface CapDecision {
  userId: number;
  /** What may be paid: the whole amount, or what the room allows (possibly 0). */
  paid: bigint;
  /** The limit (active plan x cap multiple) and the earnings counted against it, as decided. */
  limit: bigint;
  earnedBefore: bigint;
  /** The stripe that records the payment (locked by this transaction). */
  stripe: number;
}

const fastSql = prepared(
  'cap_fast_stripes',
  `SELECT x.user_id, s.stripe
     FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS x(user_id, amount, ord)
     CROSS JOIN LATERAL (
       SELECT stripe FROM earning_stripes
        WHERE user_id = x.user_id AND allowance - earned >= x.amount
        ORDER BY stripe LIMIT 1
        FOR UPDATE SKIP LOCKED) s
    ORDER BY x.ord`,
);

/**
 * The limit of each member as it stands (active plan with unfolded deltas, less holds, times the cap
 * multiple of their plan) and their stripes. Read after the stripes are locked: a fresh snapshot.
 */
const factsSql = prepared(
  'cap_facts',
  `SELECT u.id AS user_id,
          (coalesce(p.cap_multiple, ${DEFAULT_CAP_MULTIPLE})::bigint
            * coalesce((SELECT sum(a.balance - a.pending
                                   + coalesce((SELECT sum(d.amount) FROM ledger_deltas d WHERE d.account_id = a.id), 0))
                          FROM ledger_accounts a
                         WHERE a.owner_user_id = u.id AND a.kind IN ('principal', 'compound')), 0))::bigint AS limit,
          coalesce((SELECT json_agg(json_build_object('s', s.stripe, 'a', s.allowance::text, 'e', s.earned::text))
                      FROM earning_stripes s WHERE s.user_id = u.id), '[]') AS stripes
     FROM users u LEFT JOIN plans p ON p.id = u.plan_id
    WHERE u.id = ANY($1::bigint[])`,
);

interface Stripe {
  stripe: number;
  allowance: bigint;
  earned: bigint;
}

async function facts(tx: Tx, userIds: number[]) {
  const { rows } = await tx.query<{
    user_id: bigint;
    limit: bigint;
    stripes: { s: number; a: string; e: string }[];
  }>(factsSql([userIds]));
  return new Map(
    rows.map((r) => [
      Number(r.user_id),
      {
        limit: r.limit,
        stripes: r.stripes.map((s) => ({ stripe: s.s, allowance: BigInt(s.a), earned: BigInt(s.e) })),
      },
    ]),
  );
}

const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

/**
 * Decides how much of each request may be paid and locks the stripe that will record it. `requests`
 * holds one entry per member. The caller records what is paid on the decided stripes (incomes/repo.ts `record`).
 */
export async function takeRoom(tx: Tx, requests: CapRequest[], now: Date): Promise<Map<number, CapDecision>> {
  const sorted = [...requests].sort((a, b) => a.userId - b.userId);
  const ids = sorted.map((r) => r.userId);
  const { rows: fast } = await tx.query<{ user_id: bigint; stripe: number }>(
    fastSql([ids, sorted.map((r) => r.amount)]),
  );
  const held = new Map(fast.map((r) => [Number(r.user_id), r.stripe]));
  const state = await facts(tx, ids);
  const decisions = new Map<number, CapDecision>();
  for (const r of sorted) {
    const f = state.get(r.userId);
    if (!f) throw new Error(`member ${r.userId} not found`);
    const mine = f.stripes.find((s) => s.stripe === held.get(r.userId));
    const allowances = sum(f.stripes.map((s) => s.allowance));
    if (mine && mine.allowance - mine.earned >= r.amount && allowances <= f.limit) {
      decisions.set(r.userId, {
        userId: r.userId,
        paid: r.amount,
        limit: f.limit,
        earnedBefore: sum(f.stripes.map((s) => s.earned)),
        stripe: mine.stripe,
      });
    }
  }
  // ascending member order, so that the cap locks are taken in one order by everyone
  for (const r of sorted) {
    if (!decisions.has(r.userId)) decisions.set(r.userId, await slow(tx, r, now));
  }
  return decisions;
}

async function slow(tx: Tx, r: CapRequest, now: Date): Promise<CapDecision> {
  await tx.query('SELECT pg_advisory_xact_lock($1, ($2::bigint % 2147483647)::int)', [CAP_LOCK, r.userId]);
  // the stripes no payment in flight holds (and ours, if the fast step locked one)
  const { rows: free } = await tx.query<{ stripe: number }>(
    'SELECT stripe FROM earning_stripes WHERE user_id = $1 ORDER BY stripe FOR UPDATE SKIP LOCKED',
    [r.userId],
  );
  const f = (await facts(tx, [r.userId])).get(r.userId);
  if (!f) throw new Error(`member ${r.userId} not found`);
  const mine = new Set(free.map((s) => s.stripe));
  const ours = f.stripes.filter((s) => mine.has(s.stripe));
  const inFlight = f.stripes.filter((s) => !mine.has(s.stripe));
  const counted = sum(ours.map((s) => s.earned)) + sum(inFlight.map((s) => s.allowance));
  const room = f.limit - counted;
  const paid = room <= 0n ? 0n : r.amount < room ? r.amount : room;
  const left = room - paid > 0n ? room - paid : 0n;

  // where the payment goes: a free stripe, or a new one; payments in flight meanwhile say the member
  // is paid concurrently, so one more stripe is opened for the next of them
  const targets: Stripe[] = [...ours];
  let last = Math.max(-1, ...f.stripes.map((s) => s.stripe));
  const open = () => targets.push({ stripe: ++last, allowance: 0n, earned: 0n });
  if (targets.length === 0) open();
  if (inFlight.length > 0 && last + 1 < MAX_STRIPES) open();
  const pay = targets[0]!;
  const share = left / BigInt(targets.length);
  const allowance = (s: Stripe) =>
    s.earned + (s === pay ? paid + left - share * BigInt(targets.length - 1) : share);
  await tx.query(
    `INSERT INTO earning_stripes AS s (user_id, stripe, earned, allowance, updated_at)
     SELECT $1, x.stripe, 0, x.allowance, $4 FROM unnest($2::smallint[], $3::bigint[]) AS x(stripe, allowance)
     ON CONFLICT (user_id, stripe) DO UPDATE SET allowance = EXCLUDED.allowance`,
    [r.userId, targets.map((s) => s.stripe), targets.map(allowance), now],
  );
  return { userId: r.userId, paid, limit: f.limit, earnedBefore: counted, stripe: pay.stripe };
}
