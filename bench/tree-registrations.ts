// (2) of bench/tree.ts: registrations per second at 8 clients with the tree maintenance of a signup,
// through the real route (argon2id-bound), through the route's transaction with a precomputed hash,
// and the tree part alone; and argon2id alone, the route's ceiling (`routeToHashRatio`). The route
// and the hashes alone are measured in alternating rounds, so that a change in what else the host
// runs falls on both alike.
import http from 'node:http';
import type pg from 'pg';
import { systemClock } from '../apps/server/src/clock.js';
import { type Tx, withTx } from '../apps/server/src/db/pool.js';
import { rollUpTeams } from '../apps/server/src/modules/compensation/referral/rollup.js';
import { hashPassword } from '../apps/server/src/modules/identity/auth/passwords.js';
import {
  findSponsorByCode,
  insertUser,
  registerMember,
} from '../apps/server/src/modules/identity/auth/repo.js';
import { SessionAuth } from '../apps/server/src/modules/identity/auth/tokens.js';
import { assertOpen } from '../apps/server/src/modules/operations/settings/service.js';
import { postJson } from './http-post.mjs';
import { round } from './tree-build.js';

export interface RegistrationContext {
  db: pg.Pool;
  /** The running server, e.g. http://127.0.0.1:3911 */
  base: string;
  /** Members in the tree: sponsors are picked among B1..B<size>. */
  size: number;
  clients: number;
  seconds: number;
  jwtSecret: string;
  log: (...args: unknown[]) => void;
}

/** (2) registrations per second at 8 clients, with the tree maintenance of a signup. */
export async function measureRegistrations(ctx: RegistrationContext) {
  const { db, base, size: SIZE, clients: CLIENTS, log } = ctx;
  const forClients = (op: () => Promise<boolean>) => concurrently(ctx, op);
  const teamCount = (id: number) => teamCountOf(db, id);
  const before = await teamCount(1);
  const sponsor = () => `B${1 + Math.floor(Math.random() * SIZE)}`;
  let n = 0;
  // a keep-alive node:http client: fetch costs the load generator about 2.5 ms of CPU a request on
  // this machine, twice http.request's, and that CPU is taken from the server it measures
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const signUp = async () => {
    n += 1;
    const status = await postJson(agent, `${base}/api/v1/auth/register`, {
      fullname: 'Bench Joiner',
      email: `route${n}-${process.pid}@bench.local`,
      phone: '5550001',
      password: 'BenchPass123',
      reffer_by: sponsor(),
    });
    return status === 201;
  };
  const hashAlone = async () => {
    await hashPassword('BenchPass123');
    return true;
  };
  // ROUNDS rounds of (route, hashes alone), each half of a round; the figures add the rounds up
  const rounds: { route: Measured; hashOnly: Measured }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const route = await concurrently(ctx, signUp, ctx.seconds / ROUNDS);
    const hashOnly = await concurrently(ctx, hashAlone, ctx.seconds / ROUNDS);
    rounds.push({ route, hashOnly });
  }
  agent.destroy();
  const route = total(rounds.map((r) => r.route));
  const hashes = total(rounds.map((r) => r.hashOnly));
  log('register route', route, 'argon2id alone', hashes);

  // the route's database work (auth service register: the switch check, then one statement with the
  // sponsor, the member row + path + joined event, the session and the fact) and its token, with one
  // argon2id hash computed up front
  const hash = await hashPassword('BenchPass123');
  const sessions = new SessionAuth(db, ctx.jwtSecret, systemClock);
  const member = (i: number) => ({
    username: `tx${i}x${process.pid}`,
    email: `tx${i}-${process.pid}@bench.local`,
    passwordHash: hash,
    fullname: 'Bench Joiner',
    phone: '5550001',
    role: 'user' as const,
    refferalCode: `T${i}X${process.pid}`,
    now: new Date(),
  });
  const tx = await forClients(async () => {
    n += 1;
    const i = n;
    await assertOpen(db, 'registration_open');
    const term = sessions.term('member');
    const joined = await registerMember(db, {
      ...member(i),
      sponsorCode: sponsor(),
      now: term.now,
      session: { expireAt: term.expireAt, ip: '127.0.0.1', userAgent: null },
      fact: { ipHash: 'bench', deviceHash: 'bench' },
    });
    if (joined.outcome !== 'joined') return false;
    await sessions.sign(joined.sessionId, Number(joined.id), 'member', term);
    return true;
  });
  log('register transaction without the hash', tx);

  // the tree part alone: the member row with its path and joined event (what a signup adds to the tree)
  const treeOnly = await forClients(async () => {
    n += 1;
    const i = n;
    await withTx(db, async (q: Tx) => {
      const found = await findSponsorByCode(q, sponsor());
      await insertUser(q, { ...member(i), sponsor: found });
    });
    return true;
  });
  log('member row + path + joined event only', treeOnly);

  // the server's roll-up job ran meanwhile; what is left for it, and how long catching up takes
  const backlog = (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tree_events e, rollup_cursor c WHERE (e.xid, e.id) > (c.xid, c.event_id)`,
    )
  ).rows[0]!.n;
  const t0 = performance.now();
  await rollUpTeams(db, { timeoutMs: 30_000 });
  const catchUpMs = round(performance.now() - t0);
  const joined = route.completed + tx.completed + treeOnly.completed;
  const after = await teamCount(1);
  return {
    clients: CLIENTS,
    route: {
      ...route,
      note: 'POST /api/v1/auth/register; each signup hashes its password with argon2id (19 MiB, 2 passes)',
    },
    withoutHash: {
      ...tx,
      note: 'the route’s statement and token with a precomputed hash (tree maintenance, session, fact)',
    },
    treeInsertOnly: {
      ...treeOnly,
      note: 'sponsor lookup + member row with path and joined event, in a transaction',
    },
    hashOnly: { ...hashes, note: 'argon2id hashes alone at 8 concurrent' },
    // the route against its ceiling, measured in alternating rounds in this run (goal >= 0.8)
    routeToHashRatio: round(route.perSecond / hashes.perSecond, 2),
    rounds: rounds.map((r) => ({
      route: r.route.perSecond,
      hashOnly: r.hashOnly.perSecond,
      ratio: round(r.route.perSecond / r.hashOnly.perSecond, 2),
    })),
    rollupBacklogAfterLoad: backlog,
    rollupCatchUpMs: catchUpMs,
    rootTeamCountGrewBy: after - before,
    everySignupCounted: after - before === joined,
  };
}

/** Rounds of the route against the hashes alone. */
const ROUNDS = 2;

interface Measured {
  perSecond: number;
  completed: number;
  failed: number;
  seconds: number;
}

/** `clients` concurrent loops of `op` for `seconds` (the context's by default); what completed per second. */
async function concurrently(
  ctx: RegistrationContext,
  op: () => Promise<boolean>,
  seconds = ctx.seconds,
): Promise<Measured> {
  let completed = 0;
  let failed = 0;
  const until = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: ctx.clients }, async () => {
      while (Date.now() < until) {
        try {
          if (await op()) completed += 1;
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { perSecond: Math.round(completed / elapsed), completed, failed, seconds: round(elapsed, 2) };
}

/** Several measures of the same thing as one. */
function total(parts: Measured[]): Measured {
  const completed = parts.reduce((sum, p) => sum + p.completed, 0);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  return {
    perSecond: Math.round(completed / seconds),
    completed,
    failed: parts.reduce((sum, p) => sum + p.failed, 0),
    seconds: round(seconds, 2),
  };
}

async function teamCountOf(db: pg.Pool, id: number) {
  return (await db.query<{ n: number }>('SELECT team_count AS n FROM team_stats WHERE user_id = $1', [id]))
    .rows[0]!.n;
}
