import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a, admin, CALLERS, type Caller, setupTickets, t, token } from './tickets-fixtures.js';

/** The support entries (FAQ and contacts, /support/*): access, visibility, edits and validation. */
beforeAll(setupTickets);
afterAll(async () => t.close());

describe('support entries (/support/*)', () => {
  let faqId: number;
  let hiddenId: number;
  beforeAll(async () => {
    const faq = await t.call('POST', '/support/add', {
      token: admin,
      body: { title: 'How long do withdrawals take?', content: 'Usually within 24 hours.' },
    });
    expect(faq.status).toBe(201);
    faqId = faq.body.support.id;
    const hidden = await t.call('POST', '/support/add', {
      token: admin,
      body: { kind: 'contact', title: 'Telegram', content: '@earnhub_help', published: false },
    });
    hiddenId = hidden.body.support.id;
  });

  const matrix: Array<{
    route: string;
    call: () => [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown];
    expect: Record<Caller, number>;
  }> = [
    {
      route: 'POST /support/add',
      call: () => ['POST', '/support/add', { title: 'Q', content: 'A' }],
      expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 201 },
    },
    {
      route: 'GET /support/list',
      call: () => ['GET', '/support/list'],
      expect: { anonymous: 401, memberA: 200, memberB: 200, admin: 200 },
    },
    {
      route: 'GET /support/by/{id}',
      call: () => ['GET', `/support/by/${faqId}`],
      expect: { anonymous: 401, memberA: 200, memberB: 200, admin: 200 },
    },
    {
      route: 'PUT /support/{id}',
      call: () => ['PUT', `/support/${faqId}`, { sort_order: 5 }],
      expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
    },
    {
      route: 'DELETE /support/{id}',
      call: () => ['DELETE', `/support/${faqId}`],
      // runs last for the admin: the entry is gone afterwards
      expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
    },
  ];
  for (const row of matrix) {
    for (const who of CALLERS) {
      it(`${row.route} as ${who} -> ${row.expect[who]}`, async () => {
        const [method, url, body] = row.call();
        const res = await t.call(method, url, { token: token(who), body });
        expect(res.status, res.raw).toBe(row.expect[who]);
      });
    }
  }

  it('members see published entries only; admins see and edit all; changes are audited', async () => {
    const memberList = await t.call('GET', '/support/list', { token: a.token });
    expect(memberList.body.allsupport.map((e: { id: number }) => e.id)).not.toContain(hiddenId);
    expect((await t.call('GET', `/support/by/${hiddenId}`, { token: a.token })).status).toBe(404);
    const adminList = await t.call('GET', '/support/list?kind=contact', { token: admin });
    expect(adminList.body.allsupport.map((e: { id: number }) => e.id)).toEqual([hiddenId]);
    const published = await t.call('PUT', `/support/${hiddenId}`, {
      token: admin,
      body: { published: true },
    });
    expect(published.body).toMatchObject({
      message: 'Support entry updated successfully!',
      support: { title: 'Telegram', content: '@earnhub_help', published: true },
    });
    expect(
      (await t.call('GET', `/support/by/${hiddenId}`, { token: a.token })).body.singlesupport.title,
    ).toBe('Telegram');
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE target_type = 'support' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['support.create', 'support.update', 'support.delete']),
    );
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const before = (await t.call('GET', '/support/list', { token: admin })).body.allsupport.length;
    for (const [body, message] of [
      [{ title: '', content: 'x' }, /Title is required/],
      [{ title: 'x', content: '  ' }, /Content is required/],
      [{ title: 'x', content: 'y', kind: 'blog' }, /Kind must be faq or contact/],
      [{ title: 'x', content: 'y', sort_order: -1 }, /sort_order/],
    ] as const) {
      const res = await t.call('POST', '/support/add', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await t.call('PUT', `/support/${hiddenId}`, { token: admin, body: { title: '' } })).status).toBe(
      400,
    );
    expect((await t.call('PUT', '/support/999999', { token: admin, body: { title: 'x' } })).status).toBe(404);
    expect((await t.call('GET', '/support/list', { token: admin })).body.allsupport.length).toBe(before);
  });
});
