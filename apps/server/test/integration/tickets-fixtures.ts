import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Shared setup of the ticket and support-entry tests (tickets*.test.ts, support-entries.test.ts).
 * Each test file calls setupTickets() in its own beforeAll (a fresh app and database per file) and
 * closes `t` in afterAll; the bindings below are live, so the tests read the current values.
 */
export let t: TestApp;
export let a: Awaited<ReturnType<TestApp['register']>>;
export let b: Awaited<ReturnType<TestApp['register']>>;
export let admin: string;

/** A fresh app with member A, member B (under A) and an admin session. */
export async function setupTickets() {
  t = await createTestApp();
  a = await t.register();
  b = await t.register(a.code);
  admin = await t.adminToken();
}

export type Caller = 'anonymous' | 'memberA' | 'memberB' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'memberA', 'memberB', 'admin'];
export const token = (who: Caller) =>
  ({ anonymous: undefined, memberA: a.token, memberB: b.token, admin })[who];

export async function raise(
  who: { token: string },
  subject = 'Deposit not credited',
  message = 'I paid 50 USDT',
) {
  const res = await t.call('POST', '/tickets', { token: who.token, body: { subject, message } });
  expect(res.status, res.raw).toBe(201);
  return res.body.ticket.ticket_id as number;
}

export const ticketCount = async () => (await t.db.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n;
export const answeredMails = async (to: string) =>
  (
    await t.db.query<{ subject: string; body_text: string }>(
      `SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 AND template = 'ticket_answered' ORDER BY id`,
      [to],
    )
  ).rows;
