/**
 * The platform does not notice a projection: while a large one runs, sign-ins (right and wrong
 * passwords), member reads and /healthz answer as usual; a second one is refused naming who started
 * the first; Cancel stops it within a second and frees its connection; one nobody follows ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { type Member, roiFixtures } from './roi-fixtures.js';

let t: TestApp;
let f: ReturnType<typeof roiFixtures>;
const members: Member[] = [];
// 20 members over a year with 70 joining a day: about 4.7 million member-days a scenario
const LARGE = { days: 365, joins_per_day: 70, join_amount: 100 };

beforeAll(async () => {
  t = await createTestApp({ WHAT_IF_IDLE_SECONDS: '3' });
  f = roiFixtures(t);
  await f.init();
  let sponsor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const m = await t.register(sponsor);
    await f.invest(m, 100 + i * 10);
    members.push(m);
    sponsor = i % 4 === 3 ? members[0]!.code : m.code;
  }
});
afterAll(async () => t.close());

const snapshotConnections = async () =>
  (
    await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'what-if snapshot'`,
    )
  ).rows[0]!.n;

describe('what if, isolated', () => {
  it('runs beside sign-ins and reads, refuses a second one, and cancels within a second', async () => {
    const started = await t.call('POST', '/plans/what-if', { token: f.admin(), body: LARGE });
    expect(started.status, started.raw).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', progress: { days_done: 0, days: 365 } });
    const id = started.body.id;

    const second = await t.call('POST', '/plans/what-if', { token: f.admin(), body: { days: 1 } });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(
      /^A projection started by admin@test\.local at .+ UTC is still running/,
    );
    const running = await t.call('GET', '/plans/what-if', { token: f.admin() });
    expect(running.body.running).toMatchObject({ id, status: 'running' });

    // while it computes: every sign-in, wrong password, member read and health check answers
    let progressed = 0;
    for (let round = 0; round < 5; round++) {
      const m = members[round]!;
      const ok = await t.call('POST', '/auth/signin', { body: { email: m.email, password: m.password } });
      expect(ok.status, ok.raw).toBe(200);
      const wrong = await t.call('POST', '/auth/signin', {
        body: { email: m.email, password: 'WrongPass999' },
      });
      expect(wrong.status).toBe(401);
      const read = await t.call('GET', `/users/${m.id}`, { token: ok.body.auth.token });
      expect(read.status, read.raw).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const job = await t.call('GET', `/plans/what-if/${id}`, { token: f.admin() });
      expect(job.body.status).toBe('running');
      progressed = job.body.progress.days_done;
    }
    // it made progress meanwhile and is far from done
    const job = await t.call('GET', `/plans/what-if/${id}`, { token: f.admin() });
    expect(job.body.progress.days_done).toBeGreaterThanOrEqual(progressed);
    expect(job.body.progress.days_done).toBeLessThan(365);

    const asked = Date.now();
    const cancelled = await t.call('DELETE', `/plans/what-if/${id}`, { token: f.admin() });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', error: 'Cancelled by admin@test.local' });
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(await snapshotConnections()).toBe(0);
    // the platform is free for the next one
    const next = await t.call('POST', '/plans/what-if', { token: f.admin(), body: { days: 1 } });
    expect(next.status, next.raw).toBe(202);
    await t.call('DELETE', `/plans/what-if/${next.body.id}`, { token: f.admin() });
  });

  it('cancels a projection nobody follows, and answers only admins', async () => {
    const started = await t.call('POST', '/plans/what-if', { token: f.admin(), body: LARGE });
    expect(started.status, started.raw).toBe(202);
    // nobody asks about it: after WHAT_IF_IDLE_SECONDS (3 s here) it is cancelled
    let job = started;
    for (let i = 0; i < 100 && job.body.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = {
        ...job,
        body: (await t.db.query('SELECT status, error FROM what_if_runs WHERE id = $1', [started.body.id]))
          .rows[0],
      };
    }
    expect(job.body).toMatchObject({ status: 'cancelled', error: 'Cancelled: nobody followed it for 3 s' });

    const member = members[0]!;
    for (const token of [member.token, undefined]) {
      expect((await t.call('POST', '/plans/what-if', { token, body: {} })).status).toBe(token ? 403 : 401);
      expect((await t.call('GET', `/plans/what-if/${started.body.id}`, { token })).status).toBe(
        token ? 403 : 401,
      );
      expect((await t.call('DELETE', `/plans/what-if/${started.body.id}`, { token })).status).toBe(
        token ? 403 : 401,
      );
    }
    expect((await t.call('GET', '/plans/what-if/99999', { token: f.admin() })).status).toBe(404);
  });
});
