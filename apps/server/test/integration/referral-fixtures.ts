/**
 * Shared by the referral tree tests: members inserted the way registration inserts them (without the
 * argon2 hash, so a few hundred take a second), money through the real ledger and top-up service, and
 * an independent reference of the team figures: a recursive CTE over sponsor_id and the source of
 * truth (users, accounts, topups), never the roll-up's tables.
 */
import type { Db } from '../../src/db/pool.js';
import { withTx } from '../../src/db/pool.js';
import type { Actor } from '../../src/http/access.js';
import { member, platform } from '../../src/ledger/accounts.js';
import { post } from '../../src/ledger/ledger.js';
import { insertUser } from '../../src/modules/identity/auth/repo.js';
import type { TestApp } from '../helpers.js';

export const U = 1_000_000n;

export interface TreeMember {
  id: number;
  code: string;
  path: string;
}

let serial = 0;

/** A member under `sponsor` (the root when null), with its joined event, in its own transaction. */
export async function addMember(db: Db, sponsor: TreeMember | null, now: Date): Promise<TreeMember> {
  return withTx(db, (tx) => insertMember(tx, sponsor, now));
}

export async function insertMember(
  q: Parameters<typeof insertUser>[0],
  sponsor: TreeMember | null,
  now: Date,
): Promise<TreeMember> {
  serial += 1;
  const code = `RT${process.pid.toString(36).toUpperCase()}X${serial}`;
  const id = Number(
    await insertUser(q, {
      username: `tree${serial}x${process.pid}`,
      email: `tree${serial}-${process.pid}@test.local`,
      passwordHash: 'not-a-hash',
      fullname: `Tree Member ${serial}`,
      phone: '5550001234',
      role: 'user',
      refferalCode: code,
      sponsor: sponsor ? { id: BigInt(sponsor.id), refferal_code: sponsor.code, path: sponsor.path } : null,
      now,
    }),
  );
  return { id, code, path: sponsor ? `${sponsor.path}.${id}` : String(id) };
}

/** `n` members, each under a random earlier one (or under `under` for the first). */
export async function randomTree(db: Db, root: TreeMember, n: number, now: Date, rand: () => number) {
  const all = [root];
  for (let i = 0; i < n; i++) {
    // now and then a long leg: the newest member sponsors the next
    const sponsor = rand() < 0.15 ? all[all.length - 1]! : all[Math.floor(rand() * all.length)]!;
    all.push(await addMember(db, sponsor, now));
  }
  return all;
}

/** Money in from outside, straight through the ledger. */
export async function fund(db: Db, userId: number, usdt: bigint, now: Date) {
  await withTx(db, (tx) =>
    post(
      tx,
      {
        idempotencyKey: `tree-test-fund-${userId}-${serial++}`,
        transfers: [
          {
            kind: 'deposit',
            debit: platform('platform:cash'),
            credit: member(userId, 'fund'),
            amount: usdt * U,
          },
        ],
      },
      now,
    ),
  );
}

export const memberActor = (userId: number): Actor => ({
  userId,
  audience: 'member',
  sessionId: 'test',
  ip: '127.0.0.1',
  roles: [],
});

export async function adminActor(t: TestApp): Promise<Actor> {
  const { rows } = await t.db.query<{ id: bigint }>(`SELECT id FROM users WHERE role = 'admin' LIMIT 1`);
  return {
    userId: Number(rows[0]!.id),
    audience: 'admin',
    sessionId: 'test',
    ip: '127.0.0.1',
    roles: ['owner'],
  };
}

export interface Figures {
  direct_count: number;
  active_directs: number;
  team_count: number;
  active_team: number;
  team_business: string;
  team_invested: string;
}

const REFERENCE = `
WITH RECURSIVE own AS (
  SELECT u.id, u.sponsor_id, u.is_active = 'active' AS active,
         coalesce((SELECT sum(balance - pending) FROM accounts
                    WHERE owner_user_id = u.id AND kind IN ('principal', 'compound')), 0) AS plan,
         coalesce((SELECT sum(amount) FROM topups
                    WHERE user_id = u.id AND kind IN ('purchase', 'retopup') AND status = 'done'), 0) AS invested
    FROM users u WHERE u.role = 'user'
), walk (ancestor, member, hops) AS (
  SELECT sponsor_id, id, 1 FROM own WHERE sponsor_id IS NOT NULL
  UNION ALL
  SELECT p.sponsor_id, w.member, w.hops + 1 FROM walk w JOIN users p ON p.id = w.ancestor
   WHERE p.sponsor_id IS NOT NULL
)
SELECT a.id,
       count(o.id) FILTER (WHERE w.hops = 1)::int AS direct_count,
       count(o.id) FILTER (WHERE w.hops = 1 AND o.active)::int AS active_directs,
       count(o.id)::int AS team_count,
       count(o.id) FILTER (WHERE o.active)::int AS active_team,
       coalesce(sum(o.plan) FILTER (WHERE o.active), 0)::text AS team_business,
       coalesce(sum(o.invested) FILTER (WHERE o.active), 0)::text AS team_invested
  FROM own a LEFT JOIN walk w ON w.ancestor = a.id LEFT JOIN own o ON o.id = w.member
 GROUP BY a.id`;

/** Team figures of every member, computed the slow way. */
export async function referenceFigures(db: Db): Promise<Map<number, Figures>> {
  const { rows } = await db.query<Figures & { id: bigint }>(REFERENCE);
  return new Map(rows.map(({ id, ...f }) => [Number(id), f]));
}

/** Team figures of every member as the roll-up keeps them (zeros for a member it has not seen). */
export async function rolledUpFigures(db: Db): Promise<Map<number, Figures>> {
  const { rows } = await db.query<Figures & { id: bigint }>(
    `SELECT u.id, coalesce(s.direct_count, 0) AS direct_count, coalesce(s.active_directs, 0) AS active_directs,
            coalesce(s.team_count, 0) AS team_count, coalesce(s.active_team, 0) AS active_team,
            coalesce(s.team_business, 0)::text AS team_business, coalesce(s.team_invested, 0)::text AS team_invested
       FROM users u LEFT JOIN team_stats s ON s.user_id = u.id WHERE u.role = 'user'`,
  );
  return new Map(rows.map(({ id, ...f }) => [Number(id), f]));
}

/** A small seeded generator, so a failing tree can be rebuilt. */
export function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
