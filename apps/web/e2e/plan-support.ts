import { expect } from '@playwright/test';
import { approveDeposit } from './four-eyes-support';
import { api, uniq } from './support';

/** A member buys a plan of `amount`: a plan made for it, the deposit approved (by two admins past one's limits), the purchase. */
export async function buyPlan(
  admin: string,
  member: { auth: { id: number; token: string } },
  amount: number,
) {
  const plan = await api<{ plan: { id: number } }>('/plans/add', {
    token: admin,
    body: { name: `Plan ${uniq()}`, min_amount: 100, max_amount: 5000 },
  });
  const deposit = await api<{ deposite: { id: number } }>('/deposite/add', {
    token: admin,
    body: { user_id: member.auth.id, amount },
  });
  await approveDeposit(deposit.data.deposite.id, admin);
  const bought = await api('/topup/add', {
    token: member.auth.token,
    idempotencyKey: `plan-${uniq()}`,
    body: { plan_id: plan.data.plan.id, amount },
  });
  expect(bought.status, JSON.stringify(bought.data)).toBe(201);
}
