import { TICKET_MSG } from '@app/contracts/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a, admin, CALLERS, type Caller, raise, setupTickets, t, token } from './tickets-fixtures.js';

/** Who may call each tickets route, and the 404 for a ticket that does not exist. */
beforeAll(setupTickets);
afterAll(async () => t.close());

describe('access to every tickets route (A owns the ticket)', () => {
  let ticketId: number;
  beforeAll(async () => {
    ticketId = await raise(a, 'Access matrix ticket');
  });

  const matrix: Array<{
    route: string;
    call: () => [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown];
    expect: Record<Caller, number>;
  }> = [
    {
      route: 'POST /tickets',
      call: () => ['POST', '/tickets', { subject: 'Hello', message: 'A question' }],
      // admins answer tickets; they do not raise them
      expect: { anonymous: 401, memberA: 201, memberB: 201, admin: 403 },
    },
    {
      route: 'POST /tickets/{ticketId}/responses',
      call: () => ['POST', `/tickets/${ticketId}/responses`, { message: 'More detail' }],
      expect: { anonymous: 401, memberA: 201, memberB: 403, admin: 201 },
    },
    {
      route: 'GET /tickets/{userId}',
      call: () => ['GET', `/tickets/${a.id}`],
      expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 200 },
    },
    {
      route: 'GET /tickets/single/{id}',
      call: () => ['GET', `/tickets/single/${ticketId}`],
      expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 200 },
    },
    {
      route: 'GET /tickets',
      call: () => ['GET', '/tickets'],
      expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
    },
    {
      route: 'GET /ticket-responses/{id}',
      call: () => ['GET', `/ticket-responses/${ticketId}`],
      expect: { anonymous: 401, memberA: 200, memberB: 403, admin: 200 },
    },
    {
      route: 'PUT /tickets/{ticketId}/status',
      call: () => ['PUT', `/tickets/${ticketId}/status`, { status: 'in_progress' }],
      // the owner may only close; in_progress is for support
      expect: { anonymous: 401, memberA: 403, memberB: 403, admin: 200 },
    },
  ];

  for (const row of matrix) {
    for (const who of CALLERS) {
      it(`${row.route} as ${who} -> ${row.expect[who]}`, async () => {
        const [method, url, body] = row.call();
        const res = await t.call(method, url, { token: token(who), body });
        expect(res.status, res.raw).toBe(row.expect[who]);
        if (res.status >= 400) expect(res.body.message).toEqual(expect.any(String));
      });
    }
  }

  it('answers 404 with a message for a ticket that does not exist', async () => {
    for (const [method, url, body] of [
      ['GET', '/tickets/single/999999'],
      ['GET', '/ticket-responses/999999'],
      ['POST', '/tickets/999999/responses', { message: 'hi' }],
      ['PUT', '/tickets/999999/status', { status: 'closed' }],
    ] as const) {
      const res = await t.call(method, url, { token: admin, body });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TICKET_MSG.notFound);
    }
  });
});
