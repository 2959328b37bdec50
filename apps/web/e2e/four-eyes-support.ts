import { expect, type Response } from '@playwright/test';
import { adminToken, api, seasonAdmin, sql, uniq } from './support';

/**
 * No single admin moves a member's money (issue 36): what the e2e walks need to fund a member goes
 * through four eyes as in production. The owner (ADMIN) asks; a second finance admin, invited and
 * joined through the API the Team screen uses, approves. An admin of less than 24 h cannot be the
 * second pair of eyes: `seasonAdmin` dates this one's account two days back (a day passing).
 */
const SECOND_PASSWORD = 'Second-Eyes-Walnut-42';
let second: Promise<{ email: string; password: string }> | null = null;

async function joinSecondAdmin() {
  const email = `second-eyes-${uniq()}@e2e.test`.toLowerCase();
  const owner = await adminToken();
  const invited = await api<{ link: string }>('/admins/invitations', {
    token: owner,
    body: { email, fullname: 'Second Eyes', roles: ['finance', 'support'] },
  });
  expect(invited.status, invited.data.message).toBe(201);
  const token = new URL(invited.data.link).pathname.split('/').pop()!;
  const accepted = await api(`/admin-invitations/${token}`, { body: { password: SECOND_PASSWORD } });
  expect(accepted.status, accepted.data.message).toBe(201);
  await seasonAdmin(email);
  return { email, password: SECOND_PASSWORD };
}

/** The second admin's session (one account for the whole run, a fresh session each call). */
export async function secondAdminToken(): Promise<string> {
  second ??= joinSecondAdmin();
  const login = await second;
  const res = await api<{ admin: { token: string } }>('/auth/adminsignin', { body: login });
  expect(res.status, res.data.message).toBe(200);
  return res.data.admin.token;
}

/** Approves what an admin asked (a 202 answer) as the second admin. */
export async function approveAsSecond(asked: {
  status: number;
  data: { approval?: { id: number }; message?: string };
}) {
  expect(asked.status, asked.data.message).toBe(202);
  const res = await api(`/approvals/${asked.data.approval!.id}/approve`, {
    method: 'POST',
    token: await secondAdminToken(),
  });
  expect(res.status, res.data.message).toBe(200);
}

/** A manual credit of a member wallet: asked by the owner, approved by the second admin. */
export async function creditByTwo(userId: number, wallet: string, amount: number, reason = 'E2E credit') {
  const asked = await api<{ approval: { id: number } }>('/withdrawalrequest/debit', {
    token: await adminToken(),
    body: { user_id: userId, wallet, amount, direction: 'credit', reason },
  });
  await approveAsSecond(asked);
}

/**
 * Approves a deposit recorded by hand. The owner approves alone while under the four-eyes amount
 * and the 24 h solo limits (200); past them the approval is a request (202) the second admin
 * approves. Either way the member's fund is credited when this returns.
 */
export async function approveDeposit(depositId: number, token?: string) {
  const res = await api<{ approval?: { id: number } }>(`/deposite/${depositId}`, {
    method: 'PUT',
    token: token ?? (await adminToken()),
    body: { status: 'approved' },
  });
  if (res.status === 202) await approveAsSecond(res);
  else expect(res.status, res.data.message).toBe(200);
}

/** Records a deposit for a member and approves it (approveDeposit); its id. */
export async function depositFor(userId: number, amount: number, note?: string) {
  const token = await adminToken();
  const dep = await api<{ deposite: { id: number } }>('/deposite/add', {
    token,
    body: { user_id: userId, amount, ...(note ? { note } : {}) },
  });
  expect(dep.status, dep.data.message).toBe(201);
  await approveDeposit(dep.data.deposite.id, token);
  return dep.data.deposite.id;
}

/**
 * A new day for one-admin approvals: what admins approved alone so far in this run is dated two
 * days back, as a day passing would. The whole suite shares one database, so the owner's solo
 * approvals of the specs before would otherwise add up to four_eyes_admin_daily; a spec that checks
 * one admin approving alone (a withdrawal, a small deposit) starts with this.
 */
export async function newSoloDay() {
  await sql(`UPDATE staff_solo_actions SET at = at - interval '2 days'`);
}

/** A browser's answer to an admin action, in the shape approveAsSecond takes. */
export async function answerOf(response: Promise<Response>) {
  const r = await response;
  return { status: r.status(), data: (await r.json()) as { approval?: { id: number }; message?: string } };
}
