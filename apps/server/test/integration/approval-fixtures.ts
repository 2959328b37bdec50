import type { AdminRole } from '@app/contracts/admins';
import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';

type Answer = Awaited<ReturnType<TestApp['call']>>;

/**
 * A second admin, two days on the team (an admin of less than 24 h cannot be the second pair of
 * eyes), signed in: what tests use to finish the back-office money actions one admin only asks for.
 */
export async function secondEyes(t: TestApp, roles: AdminRole[] = ['finance', 'support']) {
  const login = await addAdmin(t, 'second-eyes', roles, 2);
  const res = await t.call('POST', '/auth/adminsignin', {
    body: { email: login.email, password: login.password },
  });
  if (res.status !== 200) throw new Error(`second admin sign-in: ${res.status} ${res.raw}`);
  return { ...login, token: res.body.admin.token as string };
}

/** An admin's request (a 202 answer) approved by `approverToken`: the action runs; its approval answer. */
export async function approve(t: TestApp, approverToken: string, asked: Answer) {
  expect(asked.status, asked.raw).toBe(202);
  const res = await t.call('POST', `/approvals/${asked.body.approval.id}/approve`, { token: approverToken });
  expect(res.status, res.raw).toBe(200);
  return res;
}

/** A manual credit (or debit) of a member wallet, asked by `token` and approved by `approverToken`. */
export async function adjustByTwo(
  t: TestApp,
  tokens: { ask: string; approve: string },
  body: {
    user_id: number;
    wallet: string;
    amount: number | string;
    direction?: 'credit' | 'debit';
    reason?: string;
  },
) {
  const asked = await t.call('POST', '/withdrawalrequest/debit', {
    token: tokens.ask,
    body: { direction: 'credit', reason: 'test credit', ...body },
  });
  return approve(t, tokens.approve, asked);
}

/**
 * Activation codes asked by `token` and issued on `approverToken`'s approval: the codes made, oldest
 * first, read back from the codes list (the approval's answer says how many, not which).
 */
export async function issueCodesByTwo(
  t: TestApp,
  tokens: { ask: string; approve: string },
  body: { count?: number; codes?: string[]; value?: number | string },
) {
  const asked = await t.call('POST', '/codes', { token: tokens.ask, body });
  await approve(t, tokens.approve, asked);
  const n = body.codes?.length ?? body.count ?? 0;
  const listed = await t.call('GET', `/codes?limit=${n}`, { token: tokens.approve });
  expect(listed.status, listed.raw).toBe(200);
  const codes = listed.body.codes.slice(0, n).reverse() as Array<{ id: number; code: string; value: number }>;
  expect(codes).toHaveLength(n);
  return codes;
}

/** Raises the 24 h totals one admin may approve alone (four eyes) for a fixture funding many members. */
export async function raiseSoloLimits(t: TestApp, ownerToken: string, usdt = 999_999_999) {
  const res = await t.call('PUT', '/settings', {
    token: ownerToken,
    body: { four_eyes_admin_daily: usdt, four_eyes_member_daily: usdt },
  });
  expect(res.status, res.raw).toBe(200);
}

/**
 * Approves a deposit recorded by hand as `tokens.ask`: alone when one admin may (at most the
 * four-eyes amount, under the 24 h totals), else the 202's request approved by `tokens.approve`.
 * Four eyes on deposits is staff-money.test.ts's; fixtures that fund members use this.
 */
export async function approveDeposit(t: TestApp, tokens: { ask: string; approve: string }, id: number) {
  const res = await t.call('PUT', `/deposite/${id}`, { token: tokens.ask, body: { status: 'approved' } });
  if (res.status === 202) return approve(t, tokens.approve, res);
  expect(res.status, res.raw).toBe(200);
  return res;
}

/** A deposit of `amount` USDT recorded by hand for member `userId` and approved (approveDeposit). */
export async function depositByHand(
  t: TestApp,
  tokens: { ask: string; approve: string },
  userId: number,
  amount: number | string,
  note?: string,
) {
  const dep = await t.call('POST', '/deposite/add', {
    token: tokens.ask,
    body: { user_id: userId, amount, ...(note === undefined ? {} : { note }) },
  });
  expect(dep.status, dep.raw).toBe(201);
  await approveDeposit(t, tokens, dep.body.deposite.id);
  return dep.body.deposite.id as number;
}

/**
 * A second admin made only when first needed (fixtures where most deposits need no second pair of
 * eyes), signed in again at each call: the tests move the clock past admin sessions.
 */
export function secondEyesWhenNeeded(t: TestApp) {
  let login: { email: string; password: string } | null = null;
  return async () => {
    if (!login) {
      const made = await secondEyes(t);
      login = { email: made.email, password: made.password };
      return made.token;
    }
    const res = await t.call('POST', '/auth/adminsignin', { body: login });
    expect(res.status, res.raw).toBe(200);
    return res.body.admin.token as string;
  };
}
