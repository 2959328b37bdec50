/**
 * Issue 37.15: a phone number is stored and shown in E.164 with its "+", whichever common way it was
 * typed, on registration and on the profile; what cannot be a number is a 400 that says so; and
 * migration 044 gives the numbers stored as bare digits their "+" where they read as one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHONE_MSG, toE164 } from '@app/contracts/phone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const TYPINGS = ['+44 7700 900456', '0044 7700-900456', '(+44) 7700900456', '447700900456', 447700900456];

let t: TestApp;
let root: Awaited<ReturnType<TestApp['register']>>;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.register();
});
afterAll(async () => {
  await t?.close();
});

const storedPhone = async (id: number) =>
  (await t.db.query('SELECT phone FROM users WHERE id = $1', [id])).rows[0].phone as string;

describe('phone numbers in E.164', () => {
  it('registration takes each common typing and stores +447700900456', async () => {
    for (const phone of TYPINGS) {
      const member = await t.register(root.code, { phone });
      expect(await storedPhone(member.id), String(phone)).toBe('+447700900456');
      const read = await t.call('GET', `/users/${member.id}`, { token: member.token });
      expect(read.body.singleuser.phone).toBe('+447700900456');
    }
  });

  it('the profile update takes each common typing and stores E.164', async () => {
    const member = await t.register(root.code);
    for (const phone of TYPINGS) {
      await t.db.query(`UPDATE users SET phone = '' WHERE id = $1`, [member.id]);
      const res = await t.call('PUT', `/users/${member.id}`, { token: member.token, body: { phone } });
      expect(res.status, res.raw).toBe(200);
      expect(await storedPhone(member.id), String(phone)).toBe('+447700900456');
    }
  });

  it('refuses what cannot be a number with a 400 that says what to type', async () => {
    const member = await t.register(root.code, { phone: '+44 7700 900456' });
    for (const [phone, message] of [
      ['+44 77', PHONE_MSG.impossible],
      ['07700 900456', PHONE_MSG.impossible],
      ['123', PHONE_MSG.impossible],
      ['call me', PHONE_MSG.chars],
    ] as const) {
      const res = await t.call('PUT', `/users/${member.id}`, { token: member.token, body: { phone } });
      expect(res.status, phone).toBe(400);
      expect(res.body.message, phone).toContain(message);
      const reg = await t.call('POST', '/auth/register', {
        body: {
          fullname: 'Nope Number',
          email: `nope-${Math.random().toString(36).slice(2)}@test.local`,
          phone,
          password: 'MemberPass123',
          reffer_by: root.code,
        },
      });
      expect(reg.status, phone).toBe(400);
      expect(reg.body.message, phone).toContain(message);
    }
    expect(await storedPhone(member.id)).toBe('+447700900456');
  });

  it('migration 044 adds the + where the stored digits read as a number and leaves the rest', async () => {
    const member = await t.register(root.code);
    const sql = readFileSync(
      path.resolve(import.meta.dirname, '../../src/db/migrations/044_phone_e164.sql'),
      'utf8',
    );
    const cases: [string, string][] = [
      ['447700900456', '+447700900456'],
      ['4915112345678', '+4915112345678'],
      ['15550100199', '+15550100199'],
      ['02079460958', '02079460958'], // written nationally: no country to read it in
      ['4470000123', '4470000123'], // too short for the UK
      ['', ''],
      ['+447700900456', '+447700900456'], // already E.164: untouched
    ];
    for (const [before, after] of cases) {
      await t.db.query('UPDATE users SET phone = $1 WHERE id = $2', [before, member.id]);
      await t.db.query(sql);
      expect(await storedPhone(member.id), before).toBe(after);
      // a number the migration converts is one the form reads the same way
      if (after !== before) expect(toE164(before)).toBe(after);
    }
  });
});
