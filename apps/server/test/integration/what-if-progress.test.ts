/**
 * Issue 37.8: a projection reports its progress as the work done (member-days: the members of each
 * day simulated so far, over the total), not as days: with members joining, later days cost more, and
 * "day 89 of 365" was a tenth of the work. Followed as the page follows it, the progress only grows,
 * is the member-days of the days done, and ends at the whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { roiFixtures } from './roi-fixtures.js';

let t: TestApp;
let f: ReturnType<typeof roiFixtures>;
const MEMBERS = 3;
const BODY = { days: 240, joins_per_day: 25, join_amount: 100 };

beforeAll(async () => {
  t = await createTestApp();
  f = roiFixtures(t);
  await f.init();
  let sponsor: string | undefined;
  for (let i = 0; i < MEMBERS; i++) {
    const m = await t.register(sponsor);
    await f.invest(m, 100 + i * 10);
    sponsor = m.code;
  }
});
afterAll(async () => t.close());

interface Progress {
  days_done: number;
  days: number;
  member_days_done: number;
}

/** The member-days of the first d days: the members there at the start, and those joined before each day. */
const memberDaysOf = (claimants: number, d: number) =>
  claimants * d + Math.ceil((BODY.joins_per_day * d * (d + 1)) / 2);

describe('what-if progress', () => {
  it('grows with the member-days simulated, never goes back, and ends at the whole', async () => {
    const started = await t.call('POST', '/plans/what-if', { token: f.admin(), body: BODY });
    expect(started.status, started.raw).toBe(202);
    const id = started.body.id as number;
    const total = started.body.member_days as number;
    expect(started.body.progress).toEqual({ days_done: 0, days: BODY.days, member_days_done: 0 });
    // the members who claim today, read back from the total the server computed
    const claimants = (total - memberDaysOf(0, BODY.days)) / BODY.days;
    expect(claimants).toBe(MEMBERS);

    const seen: Progress[] = [];
    let job = started;
    while (job.body.status === 'running') {
      seen.push(job.body.progress);
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await t.call('GET', `/plans/what-if/${id}`, { token: f.admin() });
    }
    expect(job.body.status, job.raw).toBe('done');
    seen.push(job.body.progress);

    for (const [i, p] of seen.entries()) {
      // proportional to the work: the member-days of the days done, whatever day it is
      expect(p.member_days_done, `sample ${i}`).toBe(memberDaysOf(claimants, p.days_done));
      if (i > 0) expect(p.member_days_done).toBeGreaterThanOrEqual(seen[i - 1]!.member_days_done);
      // with members joining, a share of the days is a smaller share of the work
      if (p.days_done > 0 && p.days_done < BODY.days) {
        expect(p.member_days_done / total).toBeLessThan(p.days_done / BODY.days);
      }
    }
    expect(seen.at(-1)).toEqual({ days_done: BODY.days, days: BODY.days, member_days_done: total });
    // the run was followed mid-way at least once (days_done strictly between 0 and the end)
    expect(seen.some((p) => p.days_done > 0 && p.days_done < BODY.days)).toBe(true);
  });
});
