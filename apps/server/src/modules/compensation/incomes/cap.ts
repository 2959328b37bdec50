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
import { prepared, type Tx } from '../../../db/pool.js';
import type { CapDecision } from './income.js';
import { paidWithin } from './limit.js';
import { DEFAULT_CAP_MULTIPLE } from './repo.js';

/** At most this many stripes per member: concurrent payments to one member beyond it wait. */
export const MAX_STRIPES = 64;
/** Namespace of the cap locks among the advisory locks (two-key form, the member id second). */
const CAP_LOCK = 4242;

export interface CapRequest {
  userId: number;
  /** The whole amount asked for the member in this transaction (their capped items together). */
  amount: bigint;
}

/**
 * For each member, a stripe no other transaction holds with room for the whole amount (locked), and
 * how many stripes had that room at all: room on stripes that are all held means payments to the
 * member run concurrently, and the slow decision opens one more stripe.
 */
const fastSql = prepared(
  'cap_fast_stripes',
  `SELECT x.user_id, s.stripe,
          (SELECT count(*)::int FROM earning_stripes e
            WHERE e.user_id = x.user_id AND e.allowance - e.earned >= x.amount) AS roomy
     FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS x(user_id, amount, ord)
     LEFT JOIN LATERAL (
       SELECT stripe FROM earning_stripes
        WHERE user_id = x.user_id AND allowance - earned >= x.amount
        ORDER BY stripe LIMIT 1
        FOR UPDATE SKIP LOCKED) s ON true
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
 * holds one entry per member. The caller records what is paid on the decided stripes
 * (incomes/repo.ts `record`).
 */
export async function takeRoom(tx: Tx, requests: CapRequest[], now: Date): Promise<Map<number, CapDecision>> {
  const sorted = [...requests].sort((a, b) => a.userId - b.userId);
  const ids = sorted.map((r) => r.userId);
  const { rows: fast } = await tx.query<{ user_id: bigint; stripe: number | null; roomy: number }>(
    fastSql([ids, sorted.map((r) => r.amount)]),
  );
  const held = new Map(
    fast.flatMap((r) => (r.stripe === null ? [] : [[Number(r.user_id), r.stripe] as const])),
  );
  const busy = new Set(fast.filter((r) => r.stripe === null && r.roomy > 0).map((r) => Number(r.user_id)));
  const decisions = new Map<number, CapDecision>();
  if (held.size > 0) {
    const state = await facts(tx, ids);
    for (const r of sorted) {
      const f = state.get(r.userId);
      const mine = f?.stripes.find((s) => s.stripe === held.get(r.userId));
      if (!f || !mine) continue;
      if (mine.allowance - mine.earned >= r.amount && sum(f.stripes.map((s) => s.allowance)) <= f.limit) {
        const earnedBefore = sum(f.stripes.map((s) => s.earned));
        decisions.set(r.userId, {
          userId: r.userId,
          paid: r.amount,
          limit: f.limit,
          earnedBefore,
          stripe: mine.stripe,
        });
      }
    }
  }
  const slow = sorted.filter((r) => !decisions.has(r.userId));
  if (slow.length > 0) for (const d of await decide(tx, slow, held, busy, now)) decisions.set(d.userId, d);
  return decisions;
}

/** Grants from the room not granted yet take this share of it (or what is asked, if more). */
const GRANT_SHARE = 32n;

const capLocksSql = prepared(
  'cap_locks',
  'SELECT pg_advisory_xact_lock($1, (id % 2147483647)::int) FROM unnest($2::bigint[]) AS id',
);

/** Per member, one free stripe (the one with most room left), or every free stripe. */
const lockStripesSql = prepared(
  'cap_lock_stripes',
  `SELECT s.user_id, s.stripe, s.allowance, s.earned FROM unnest($1::bigint[]) AS x(user_id)
     CROSS JOIN LATERAL (
       SELECT user_id, stripe, allowance, earned FROM earning_stripes WHERE user_id = x.user_id
        ORDER BY allowance - earned DESC, stripe LIMIT 1 FOR UPDATE SKIP LOCKED) s
   UNION ALL
   SELECT s.user_id, s.stripe, s.allowance, s.earned FROM unnest($2::bigint[]) AS x(user_id)
     CROSS JOIN LATERAL (
       SELECT user_id, stripe, allowance, earned FROM earning_stripes WHERE user_id = x.user_id
        FOR UPDATE SKIP LOCKED) s`,
);

const grantSql = prepared(
  'cap_grant',
  `INSERT INTO earning_stripes AS s (user_id, stripe, earned, allowance, updated_at)
   SELECT x.user_id, x.stripe, 0, x.allowance, $4
     FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) AS x(user_id, stripe, allowance)
   ON CONFLICT (user_id, stripe) DO UPDATE SET allowance = EXCLUDED.allowance`,
);

/**
 * The slow decisions, for all their members at once (four or five statements however many): the
 * members' cap locks in ascending order, their limits and stripes, one free stripe each (the one with
 * most room) or a new one, then every other free stripe of the members whose room is short, and the
 * new allowances. The room is the limit less what the stripes we hold earned and less the whole
 * allowance of every other stripe (a payment in flight may spend it): on a refill the stripe we pay
 * from plus the room not granted yet, on a reclaim (that is short of the request) also every free
 * stripe's unused allowance, taken back. The stripe paid from then keeps a share of what is left
 * (1/GRANT_SHARE): most of the room stays ungranted, for the stripes of the next concurrent payments.
 */
async function decide(
  tx: Tx,
  requests: CapRequest[],
  held: Map<number, number>,
  busy: Set<number>,
  now: Date,
): Promise<CapDecision[]> {
  const ids = requests.map((r) => r.userId);
  await tx.query(capLocksSql([CAP_LOCK, ids]));
  const state = await facts(tx, ids);
  type Locked = { user_id: bigint; stripe: number; allowance: bigint; earned: bigint };
  const lock = async (one: number[], all: number[]) =>
    one.length + all.length > 0 ? (await tx.query<Locked>(lockStripesSql([one, all]))).rows : [];
  const asStripe = (l: Locked): Stripe => ({ stripe: l.stripe, allowance: l.allowance, earned: l.earned });

  const plans = requests.map((r) => {
    const f = state.get(r.userId);
    if (!f) throw new Error(`member ${r.userId} not found`);
    const mine = f.stripes.find((s) => s.stripe === held.get(r.userId));
    // stripes with room were all held by payments in flight: pay from a new one, which the next
    // of them will find free
    const fresh = !mine && (f.stripes.length === 0 || (busy.has(r.userId) && f.stripes.length < MAX_STRIPES));
    return { r, f, mine, fresh, ours: mine ? [mine] : ([] as Stripe[]) };
  });
  for (const l of await lock(
    plans.filter((p) => !p.mine && !p.fresh).map((p) => p.r.userId),
    [],
  )) {
    plans.find((p) => p.r.userId === Number(l.user_id))!.ours.push(asStripe(l));
  }
  const roomOf = (p: (typeof plans)[number]) => {
    const others = p.f.stripes.filter((s) => !p.ours.some((o) => o.stripe === s.stripe));
    return p.f.limit - sum(p.ours.map((s) => s.earned)) - sum(others.map((s) => s.allowance));
  };
  // short of the request: take back the unused allowance of every free stripe of the member
  const short = plans.filter((p) => roomOf(p) < p.r.amount);
  for (const l of await lock(
    [],
    short.map((p) => p.r.userId),
  )) {
    const p = short.find((x) => x.r.userId === Number(l.user_id))!;
    if (!p.ours.some((s) => s.stripe === l.stripe)) p.ours.push(asStripe(l));
  }

  const grants: { userId: number; stripe: number; allowance: bigint }[] = [];
  const decisions = plans.map((p): CapDecision => {
    const { r, f } = p;
    const room = roomOf(p);
    const paid = paidWithin(r.amount, f.limit, f.limit - room);
    const last = Math.max(-1, ...f.stripes.map((s) => s.stripe));
    const pay = p.fresh || p.ours.length === 0 ? { stripe: last + 1, allowance: 0n, earned: 0n } : p.ours[0]!;
    // the stripe paid from keeps a share of what is left; every other stripe we hold gives back its unused
    const extra = room - paid > 0n ? (room - paid) / GRANT_SHARE : 0n;
    grants.push({ userId: r.userId, stripe: pay.stripe, allowance: pay.earned + paid + extra });
    for (const s of p.ours)
      if (s !== pay) grants.push({ userId: r.userId, stripe: s.stripe, allowance: s.earned });
    const counted = f.limit - room;
    const earnedBefore = paid === r.amount ? sum(f.stripes.map((s) => s.earned)) : counted;
    return { userId: r.userId, paid, limit: f.limit, earnedBefore, stripe: pay.stripe };
  });
  await tx.query(
    grantSql([grants.map((g) => g.userId), grants.map((g) => g.stripe), grants.map((g) => g.allowance), now]),
  );
  return decisions;
}
