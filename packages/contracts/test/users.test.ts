import { describe, expect, it } from 'vitest';
import { PHONE_MSG } from '../src/phone.js';
import { adminUpdateBody, selfUpdateBody, user } from '../src/users.js';

describe('user contracts', () => {
  it('drops any password or hash from a user response', () => {
    const parsed = user.safeParse({ ...sampleUser(), password: 'secret', password_hash: '$argon2id$...' });
    expect(parsed.success).toBe(true);
    expect(Object.keys(parsed.data!)).not.toContain('password');
    expect(Object.keys(parsed.data!)).not.toContain('password_hash');
  });

  it('refuses unknown fields in edits, and the admin-only ones in a member edit', () => {
    expect(selfUpdateBody.safeParse({ status: 'block' }).success).toBe(false);
    expect(selfUpdateBody.safeParse({ fullname: 'Jo Doe' }).success).toBe(true);
    expect(adminUpdateBody.safeParse({ is_admin: true }).success).toBe(false);
    expect(adminUpdateBody.safeParse({ status: 'frozen' }).success).toBe(false);
    expect(adminUpdateBody.parse({ business: '10.25', phone: 447700900123 })).toEqual({
      business: 10_250_000n,
      phone: '+447700900123',
    });
  });

  // issue 37.15: a number as people write it, kept in E.164 with its +
  it('accepts a phone as people type it and keeps it in E.164', () => {
    const phoneOf = (value: string) => adminUpdateBody.safeParse({ phone: value });
    for (const typed of ['+44 7700 900456', '0044 7700-900456', '(+44) 7700900456', '447700900456']) {
      expect(phoneOf(typed).data?.phone, typed).toBe('+447700900456');
    }
    expect(phoneOf('+1 555.010.0199').data?.phone).toBe('+15550100199');
    expect(phoneOf('44+7700900123').error?.issues[0]?.message).toBe(PHONE_MSG.impossible);
    expect(phoneOf('call 07700 900123').error?.issues[0]?.message).toBe(PHONE_MSG.chars);
    expect(phoneOf('+44 77').error?.issues[0]?.message).toBe(PHONE_MSG.impossible);
    // written nationally: no country to read it in, so refused rather than guessed
    expect(phoneOf('07700 900456').error?.issues[0]?.message).toBe(PHONE_MSG.impossible);
  });
});

function sampleUser() {
  const now = new Date().toISOString();
  return {
    id: 1,
    username: 'jo1234',
    email: 'jo@x.io',
    role: 'user',
    status: 'unblock',
    is_active: 'inactive',
    roi_status: 'open',
    level_status: 'open',
    address: '',
    fullname: 'Jo Doe',
    phone: '123456',
    business: 0,
    business_balance: 0,
    reffer_by: null,
    refferal_code: 'ABCDEFGH',
    total_team: 0,
    level_month: 0,
    roi_day: 0,
    paid_member: false,
    activation_date: null,
    last_login: null,
    created_at: now,
    verify_at: null,
    updated_at: now,
    bep20: '',
    trc20: '',
    active_plan: 0,
    plan_id: null,
    roi_income: 0,
    reward: 0,
    direct_income: 0,
    salary: 0,
    non_working: 0,
    working: 0,
    controls_hold_until: null,
    controls_hold_what: [],
    locale: null,
  };
}
