/** Helpers shared by the money browser tests. */
import type { User } from '@app/contracts/users';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { api, type NewMember, registerMember, sql } from './support';
/** Screenshots of the money screens, looked at after each run. */
export const SHOTS = '/tmp/shots2';
export const BEP20 = `0x${'ab'.repeat(20)}`;

export async function expectNoSeriousViolations(page: Page, name: string) {
  // axe reads a toast fading in or out as low contrast: scan once no toast is on screen (they last 2-3 s)
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${name}: serious accessibility violations`).toEqual([]);
}

export async function singleUser(id: number, token: string) {
  const { status, data } = await api<{ singleuser: User }>(`/users/${id}`, { token });
  expect(status).toBe(200);
  return data.singleuser;
}

/**
 * A member who may withdraw: verified email (set in the database) and a BEP20 address, their first
 * (replacing one would pause their withdrawals for a day, issue 36).
 */
export async function withdrawingMember(
  sponsorCode: string,
  name: string,
  address: string = BEP20,
): Promise<NewMember> {
  const member = await registerMember(sponsorCode, name);
  await sql('UPDATE users SET verify_at = now() WHERE id = $1', [member.auth.id]);
  const saved = await api(`/users/${member.auth.id}`, {
    method: 'PUT',
    token: member.auth.token,
    body: { bep20: address },
  });
  expect(saved.status).toBe(200);
  return member;
}

/**
 * The last toast with this text (several may be on screen at once). Only for waiting until one is
 * gone (an axe scan reads a fading toast as low contrast): a success toast lasts 2 s, which a busy
 * machine can miss, so a test never asserts that one is shown; it asserts on what stays instead
 * (the row, the balance, the status).
 */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).last();
