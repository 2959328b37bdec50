/**
 * Issue 29.8: the API's 400s say what is wrong with an amount (too large, not a number, a thousands
 * separator), read a decimal comma, and take a phone number as people write it, storing it in E.164 (issue 37.15).
 */
import { AMOUNT_MSG } from '@app/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: string;
let root: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  root = await t.register();
});
afterAll(async () => {
  await t?.close();
});

describe('amounts', () => {
  it('answer each mistake in its own words', async () => {
    for (const [amount, message] of [
      ['1000000000', 'Too large (at most 999,999,999.999999 USDT)'],
      [1_000_000_000, AMOUNT_MSG.tooLarge],
      ['abc', 'Enter a number, such as 12.50'],
      ['-3', AMOUNT_MSG.negative],
      ['1.1234567', AMOUNT_MSG.decimals],
      ['1,000', AMOUNT_MSG.separators],
    ] as const) {
      const res = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: root.id, amount } });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message, String(amount)).toContain(message);
    }
  });

  it('read a decimal comma as the decimal point', async () => {
    const res = await t.call('POST', '/deposite/add', {
      token: admin,
      body: { user_id: root.id, amount: '12,5' },
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.deposite.amount).toBe(12.5);
  });
});

describe('phone numbers', () => {
  it('are taken as people type them and kept in E.164 (issue 37.15)', async () => {
    const member = await t.register(root.code, { phone: '+44 7700-900123' });
    const read = await t.call('GET', `/users/${member.id}`, { token: member.token });
    expect(read.body.singleuser.phone).toBe('+447700900123');

    const edited = await t.call('PUT', `/users/${member.id}`, {
      token: member.token,
      body: { phone: '(+44) 20 7946 0958' },
    });
    expect(edited.status, edited.raw).toBe(200);
    const again = await t.call('GET', `/users/${member.id}`, { token: member.token });
    expect(again.body.singleuser.phone).toBe('+442079460958');

    const refused = await t.call('PUT', `/users/${member.id}`, {
      token: member.token,
      body: { phone: 'call me' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(
      'Phone may have digits, spaces, dashes, brackets and a leading + or 00 only',
    );
  });
});
