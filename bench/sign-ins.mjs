// `signIns` of bench/foundation.mjs (issue 30): member sign-ins per second through the route
// (POST /api/v1/auth/signin) at 8 clients, 1,000 member accounts in rotation, each with its own
// password and so its own argon2id hash and salt; against argon2id verifications alone (the server's
// own verifyPassword, same library and parameters, 8 at a time, rotating over the same 1,000 stored
// hashes), the route's ceiling. Measured as the registrations of bench/tree-registrations.ts are: in
// alternating rounds (route, hashes, route, hashes...), each half of a round, so that whatever else
// the machine runs weighs on both alike; `routeToHashRatio` is the ratio of the sums (goal >= 0.85).
// `routes` may name several servers (e.g. a build before a change and after it, over one database):
// each gets its own turn in every round, for back-to-back comparisons of one lever.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { busySince, cpuTimes } from './cpu-busy.mjs';
import { postJson } from './http-post.mjs';

const root = path.resolve(import.meta.dirname, '..');
const round = (x, digits = 0) => Number(x.toFixed(digits));
const passwordOf = (i) => `SignIn${i}-BenchPass`;
const emailOf = (i) => `signin${i}@bench.local`;

/** CPU time (ms) a process and all its descendants used so far (Linux /proc; 0 elsewhere). */
export function treeCpuMs(pid) {
  const tick = 100; // USER_HZ
  let ms = 0;
  const visit = (id) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1].split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
      for (const task of readdirSync(`/proc/${id}/task`))
        for (const child of readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) visit(Number(child));
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return ms;
}

/** `clients` concurrent loops of `op(i)` over rotating indexes for `seconds`; what completed per second. */
async function concurrently(clients, seconds, count, op, start = 0) {
  let completed = 0;
  let failed = 0;
  let next = start;
  const until = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const i = next++ % count;
        try {
          if (await op(i)) completed += 1;
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { perSecond: round(completed / elapsed, 1), completed, failed, seconds: round(elapsed, 2), next };
}

/** Several measures of the same thing as one. */
function total(parts) {
  const sum = (key) => parts.reduce((s, p) => s + p[key], 0);
  const [completed, seconds] = [sum('completed'), sum('seconds')];
  return {
    perSecond: round(completed / seconds, 1),
    completed,
    failed: sum('failed'),
    seconds: round(seconds, 2),
    // CPU of the server and its database (of this process for the hashes alone), per operation
    cpuMsEach: round(sum('cpuMs') / completed, 2),
  };
}

/**
 * The 1,000 member accounts, made once through the product (POST /auth/register, sponsored by
 * `sponsorCode`), 8 at a time; answers their stored hashes, in account order.
 */
export async function makeAccounts({ base, databaseUrl, sponsorCode, accounts = 1000, clients = 8 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let next = 0;
  const refused = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < accounts) {
        const i = next++;
        const status = await postJson(agent, `${base}/api/v1/auth/register`, {
          fullname: `Bench Signer ${i}`,
          email: emailOf(i),
          phone: '5550001',
          password: passwordOf(i),
          reffer_by: sponsorCode,
        });
        if (status !== 201 && status !== 409) refused.push(status);
      }
    }),
  );
  agent.destroy();
  if (refused.length) throw new Error(`registrations refused: ${refused.slice(0, 5).join(', ')}...`);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query('SELECT email, password_hash FROM users WHERE email = ANY($1)', [
    Array.from({ length: accounts }, (_, i) => emailOf(i)),
  ]);
  await db.end();
  const byEmail = new Map(rows.map((r) => [r.email, r.password_hash]));
  return Array.from({ length: accounts }, (_, i) => byEmail.get(emailOf(i)));
}

/**
 * The alternating rounds. `routes`: name -> base URL of a server (one for the foundation bench);
 * `hashes` from makeAccounts. Each round runs every route, then the hashes alone, `seconds` each.
 */
export async function measureSignIns({ routes, hashes, rounds = 3, seconds = 10, clients = 8, cpuMs = {} }) {
  const { verifyPassword } = await import(
    path.join(root, 'apps/server/dist/modules/identity/auth/passwords.js')
  );
  const accounts = hashes.length;
  const loadAverage = round(os.loadavg()[0], 2);
  const cpu = cpuTimes();
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients * Object.keys(routes).length });
  const signIn = (base) => async (i) =>
    (await postJson(agent, `${base}/api/v1/auth/signin`, { email: emailOf(i), password: passwordOf(i) })) ===
    200;
  const verifyAlone = (i) => verifyPassword(hashes[i], passwordOf(i));
  // each server's first sign-ins compile its code: a short turn each, not counted
  let at = 0;
  for (const base of Object.values(routes))
    at = (await concurrently(clients, 2, accounts, signIn(base), at)).next;
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const row = {};
    for (const [name, base] of Object.entries(routes)) {
      const cpu0 = cpuMs[name]?.() ?? 0;
      row[name] = await concurrently(clients, seconds, accounts, signIn(base), at);
      row[name].cpuMs = (cpuMs[name]?.() ?? 0) - cpu0;
      at = row[name].next;
    }
    const cpu0 = process.cpuUsage();
    row.hashOnly = await concurrently(clients, seconds, accounts, verifyAlone, at);
    const cpu = process.cpuUsage(cpu0);
    row.hashOnly.cpuMs = (cpu.user + cpu.system) / 1000;
    at = row.hashOnly.next;
    perRound.push(row);
  }
  agent.destroy();
  const hashOnly = total(perRound.map((r) => r.hashOnly));
  const figures = {};
  for (const name of Object.keys(routes)) {
    const route = total(perRound.map((r) => r[name]));
    figures[name] = { ...route, routeToHashRatio: round(route.perSecond / hashOnly.perSecond, 3) };
  }
  const strip = ({ next: _next, cpuMs, ...m }) => ({ ...m, cpuMsEach: round(cpuMs / m.completed, 2) });
  return {
    clients,
    accounts,
    loadAverage,
    cpuBusy: busySince(cpu),
    figures,
    hashOnly: {
      ...hashOnly,
      note: 'argon2id verifications alone (the server’s verifyPassword), 8 concurrent',
    },
    rounds: perRound.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, m]) => [
          k,
          k === 'hashOnly'
            ? strip(m)
            : { ...strip(m), ratio: round(m.perSecond / row.hashOnly.perSecond, 3) },
        ]),
      ),
    ),
  };
}
