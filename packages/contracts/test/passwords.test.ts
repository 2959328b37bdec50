import { describe, expect, it } from 'vitest';
import { commonPasswordList, LIST_MIN_LENGTH } from '../scripts/common-passwords.mjs';
import { registerBody } from '../src/auth.js';
import { COMMON_PASSWORDS } from '../src/common-passwords.js';
import {
  adminPassword,
  memberPassword,
  PASSWORD_MSG,
  PASSWORD_RULES,
  passwordProblem,
} from '../src/passwords.js';

describe('password rule', () => {
  it('asks members for 10 characters and administrators for 12', () => {
    expect(passwordProblem('Tr4in-Ca')).toBe(PASSWORD_MSG.memberTooShort);
    expect(passwordProblem('Tr4in-Cab9')).toBeNull();
    expect(passwordProblem('Tr4in-Cab9', 'admin')).toBe(PASSWORD_MSG.adminTooShort);
    expect(passwordProblem('Tr4in-Cab9x!', 'admin')).toBeNull();
    // characters, not UTF-16 units: five two-unit emoji are five characters
    expect(passwordProblem('🔑🔑🔑🔑🔑')).toBe(PASSWORD_MSG.memberTooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MSG.tooLong);
  });

  it('refuses passwords of spaces only and control characters', () => {
    expect(passwordProblem(' '.repeat(12))).toBe(PASSWORD_MSG.blank);
    expect(passwordProblem('\t'.repeat(12))).toBe(PASSWORD_MSG.blank);
    expect(passwordProblem('Tr4in-Cab9\u0000')).toBe(PASSWORD_MSG.control);
    expect(passwordProblem('  Tr4in  Cab9  ')).toBeNull();
  });

  it('refuses common passwords whatever their case or surrounding spaces', () => {
    for (const common of ['password123', 'Password123', 'QWERTYUIOP', '1234567890', ' basketball ']) {
      expect(passwordProblem(common), common).toBe(PASSWORD_MSG.common);
    }
    expect(passwordProblem('qwerty123456', 'admin')).toBe(PASSWORD_MSG.common);
  });

  it('lets the demo and test passwords through', () => {
    expect(passwordProblem('DemoAdmin123', 'admin')).toBeNull();
    expect(passwordProblem('DemoPass123')).toBeNull();
    expect(passwordProblem('AdminPass123', 'admin')).toBeNull();
    expect(passwordProblem('MemberPass123')).toBeNull();
  });

  it('gives the same messages through the schemas the forms and the server parse with', () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues[0]?.message;
    expect(issue(memberPassword.safeParse('short'))).toBe(PASSWORD_MSG.memberTooShort);
    expect(issue(adminPassword.safeParse('Tr4in-Cab9'))).toBe(PASSWORD_MSG.adminTooShort);
    const body = { fullname: 'Jo Doe', email: 'jo@test.local', phone: '5550001234', password: 'iloveyou12' };
    expect(issue(registerBody.safeParse(body))).toBe(PASSWORD_MSG.common);
    expect(registerBody.safeParse({ ...body, password: 'Tr4in-Cab9' }).success).toBe(true);
  });

  it('ships exactly the long entries of the source list (regenerate with npm run passwords:list)', () => {
    expect(LIST_MIN_LENGTH).toBe(PASSWORD_RULES.memberMin);
    expect(COMMON_PASSWORDS).toEqual(commonPasswordList(LIST_MIN_LENGTH));
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(1000);
  });
});
