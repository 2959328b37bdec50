import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let admin: string;
/** The second admin who approves the manual credits `admin` asks for (four eyes). */
let second: Awaited<ReturnType<typeof secondEyes>>;
let root: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  t = await createTestApp({ METRICS_ALLOW: '10.20.0.0/16', METRICS_TOKEN: TOKEN });
  admin = await t.adminToken();
  second = await secondEyes(t);
  root = await t.register();
});
afterAll(async () => t.close());

async function scrape(app = t.app, opts: { from?: string; headers?: Record<string, string> } = {}) {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: opts.headers ?? {},
    ...(opts.from ? { remoteAddress: opts.from } : {}),
  });
  return { status: res.statusCode, type: res.headers['content-type'], text: res.body };
}

/** The samples of one metric in Prometheus text: labels and value of each line. */
function samples(text: string, name: string) {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const labels: Record<string, string> = {};
      const braces = line.match(/^[^{ ]+\{(.*)\} /);
      for (const [, key, value] of braces?.[1]?.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) ?? []) {
        labels[key!] = value!;
      }
      return { labels, value: Number(line.slice(line.lastIndexOf(' ') + 1)) };
    });
}

/** The value of the sample whose labels include `labels`; 0 when there is none yet. */
function value(text: string, name: string, labels: Record<string, string> = {}) {
  const found = samples(text, name).filter((s) =>
    Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

/** A member credited 40 USDT by two admins who then asks to withdraw 20 (a pending hold). */
async function memberWithPendingWithdrawal() {
  const member = await t.register(root.code);
  await t.db.query(`UPDATE users SET verify_at = now(), bep20 = $2 WHERE id = $1`, [
    member.id,
    `0x${'d'.repeat(40)}`,
  ]);
  await adjustByTwo(
    t,
    { ask: admin, approve: second.token },
    { user_id: member.id, wallet: 'earnings', amount: 40, reason: 'metrics test' },
  );
  const withdrawal = await t.call('POST', '/withdrawalrequest/add', {
    token: member.token,
    body: { amount: 20, password: member.password },
  });
  expect(withdrawal.status, withdrawal.raw).toBeLessThan(300);
  return member;
}

async function metricsText() {
  const res = await scrape();
  expect(res.status).toBe(200);
  return res.text;
}

describe('who may read /metrics', () => {
  it('answers loopback in the Prometheus text format', async () => {
    const res = await scrape(t.app, { from: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    expect(res.text).toContain('# TYPE earnhub_http_requests_total counter');
    expect((await scrape(t.app, { from: '::1' })).status).toBe(200);
  });

  it('refuses any other address with 403, and lets the bearer token in from anywhere', async () => {
    const outside = await scrape(t.app, { from: '203.0.113.9' });
    expect(outside.status).toBe(403);
    expect(JSON.parse(outside.text)).toEqual({
      message: 'Metrics are not available from this address',
      code: expect.any(String),
    });
    expect(outside.text).not.toContain('earnhub_');

    const withToken = await scrape(t.app, {
      from: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('earnhub_http_requests_total');
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      expect((await scrape(t.app, { from: '203.0.113.9', headers: { authorization } })).status).toBe(403);
    }
  });

  it('lets in the addresses of METRICS_ALLOW', async () => {
    expect((await scrape(t.app, { from: '10.20.3.4' })).status).toBe(200);
    expect((await scrape(t.app, { from: '::ffff:10.20.3.4' })).status).toBe(200);
    expect((await scrape(t.app, { from: '10.21.0.1' })).status).toBe(403);
  });

  it('does not take a request relayed by an unknown proxy on loopback for a local one', async () => {
    // TRUST_PROXY is empty here: a proxy on this machine relays the whole internet from 127.0.0.1
    const relayed = await scrape(t.app, { from: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.status).toBe(403);
    const realIp = await scrape(t.app, { from: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } });
    expect(realIp.status).toBe(403);
    const spoofed = await scrape(t.app, { from: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.status).toBe(403);
    const withToken = await scrape(t.app, {
      from: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
  });

  it('judges the forwarded address when the proxy is trusted (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1', METRICS_ALLOW: '10.20.0.0/16' });
    try {
      const from = (client: string) =>
        scrape(proxied.app, { from: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      expect((await from('203.0.113.9')).status).toBe(403);
      expect((await from('10.20.1.1')).status).toBe(200);
      // no token configured there: a bearer header opens nothing
      const res = await scrape(proxied.app, {
        from: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('what /metrics says', () => {
  it('counts answers by route pattern and status, never by raw URL', async () => {
    const member = await t.register(root.code);
    const before = await metricsText();
    const route = { method: 'GET', route: '/api/v1/users/:id', status_code: '200' };
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', `/users/${member.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/users/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/users/${member.id}`)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    const after = await metricsText();

    const delta = (labels: Record<string, string>) =>
      value(after, 'earnhub_http_requests_total', labels) -
      value(before, 'earnhub_http_requests_total', labels);
    expect(delta(route)).toBe(3);
    expect(delta({ ...route, status_code: '404' })).toBe(1);
    expect(delta({ ...route, status_code: '401' })).toBe(1);
    expect(delta({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(after).not.toContain(`/api/v1/users/${member.id}`);
    expect(after).not.toContain('no-such-thing');

    const seconds = (suffix: string) =>
      value(after, `earnhub_http_request_duration_seconds_${suffix}`, route) -
      value(before, `earnhub_http_request_duration_seconds_${suffix}`, route);
    expect(seconds('count')).toBe(3);
    expect(seconds('sum')).toBeGreaterThan(0);
    expect(seconds('sum')).toBeLessThan(60);
  });

  it('counts ledger transfers by kind as the ledger records them, holds as pending', async () => {
    const countByKind = async () => {
      const { rows } = await t.db.query<{ kind: string; status: string; n: number }>(
        'SELECT kind, status, count(*)::int AS n FROM transfers GROUP BY 1, 2',
      );
      return rows;
    };
    const before = await metricsText();
    const inLedgerBefore = await countByKind();
    await memberWithPendingWithdrawal();
    const after = await metricsText();
    const inLedgerAfter = await countByKind();

    const kinds = new Set(inLedgerAfter.map((r) => `${r.kind}|${r.status}`));
    let written = 0;
    for (const key of kinds) {
      const [kind, status] = key.split('|') as [string, string];
      const n = (rows: typeof inLedgerAfter) =>
        rows.find((r) => r.kind === kind && r.status === status)?.n ?? 0;
      const counted =
        value(after, 'earnhub_ledger_transfers_total', { kind, status }) -
        value(before, 'earnhub_ledger_transfers_total', { kind, status });
      expect(counted, key).toBe(n(inLedgerAfter) - n(inLedgerBefore));
      written += counted;
    }
    expect(written).toBeGreaterThanOrEqual(2);
    expect(value(after, 'earnhub_ledger_transfers_total', { status: 'pending' })).toBeGreaterThanOrEqual(1);
  });

  it('counts job runs and failures by job', async () => {
    t.jobs.add({
      name: 'metrics-test-failing',
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('this job always fails');
      },
    });
    const before = await metricsText();
    expect(await t.jobs.run('tree-rollup')).toBe(true);
    await expect(t.jobs.run('metrics-test-failing')).rejects.toThrow('this job always fails');
    const after = await metricsText();
    const delta = (name: string, job: string) => value(after, name, { job }) - value(before, name, { job });
    expect(delta('earnhub_job_runs_total', 'tree-rollup')).toBe(1);
    expect(delta('earnhub_job_failures_total', 'tree-rollup')).toBe(0);
    expect(delta('earnhub_job_runs_total', 'metrics-test-failing')).toBe(1);
    expect(delta('earnhub_job_failures_total', 'metrics-test-failing')).toBe(1);
  });

  it("counts members' figures answered from memory and read from the database", async () => {
    const m = await t.register(root.code);
    const read = () => t.call('GET', `/users/${m.id}`, { token: admin });
    const before = await metricsText();
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const after = await metricsText();
    const delta = (result: string) =>
      value(after, 'earnhub_member_view_cache_total', { result }) -
      value(before, 'earnhub_member_view_cache_total', { result });
    expect(delta('miss')).toBe(1);
    expect(delta('hit')).toBe(1);
  });

  it('reports the database pool and the time spent waiting for a client', async () => {
    const text = await metricsText();
    const total = value(text, 'earnhub_db_pool_clients');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(value(text, 'earnhub_db_pool_idle_clients')).toBeLessThanOrEqual(total);
    expect(value(text, 'earnhub_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'earnhub_db_pool_max_clients')).toBe(20);
    expect(value(text, 'earnhub_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    // and Node's own figures
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reads the backlogs from the database at scrape time', async () => {
    const member = await memberWithPendingWithdrawal();
    expect((await t.call('POST', '/pass/forget', { body: { email: member.email } })).status).toBe(200);
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO provider_payments (provider, payment_id, user_id, order_id, status, price_amount, price_currency,
                                      pay_currency, pay_amount, pay_address, created_at, updated_at)
       SELECT 'sandbox', 'metrics-' || s, $1, 'metrics-order-' || s, s, 25000000, 'usd', 'usdtbsc', 25, '0xabc', now(), now()
         FROM unnest(ARRAY['waiting', 'partially_paid', 'finished', 'expired']) AS s
       RETURNING id`,
      [member.id],
    );
    expect(rows).toHaveLength(4);
    const text = await metricsText();
    const count = async (sql: string) => Number((await t.db.query<{ n: number }>(sql)).rows[0]!.n);
    const mails = await count(`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending'`);
    expect(mails).toBeGreaterThanOrEqual(1);
    expect(value(text, 'earnhub_mail_outbox_pending')).toBe(mails);
    const withdrawals = await count(`SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`);
    expect(withdrawals).toBeGreaterThanOrEqual(1);
    expect(value(text, 'earnhub_withdrawals_pending')).toBe(withdrawals);
    expect(value(text, 'earnhub_crypto_payments_pending', { source: 'provider' })).toBe(2);
    expect(
      samples(text, 'earnhub_crypto_payments_pending').find((s) => s.labels.source === 'wallet')?.value,
    ).toBe(0);
  });
});
