/**
 * Demo money, through the same services members and admins use (so the ledger, the audit log and
 * the reconcile checks all hold): plans, an activation plan, approved deposits and purchases.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/pool.js';
import type { Actor } from '../../http/access.js';
import { createDepositsService } from '../deposits/service.js';
import { createPlansService } from '../plans/service.js';
import { createTopupsService } from '../topups/service.js';

const U = 1_000_000n;

/** [member email prefix, deposit, plan purchase] */
const MONEY: Array<[string, bigint, bigint]> = [
  ['riya', 5000n, 2500n],
  ['omar', 1500n, 1000n],
  ['lena', 800n, 500n],
  ['kwame', 300n, 0n],
  ['sofia', 12000n, 10000n],
  ['ana', 250n, 150n],
  ['mei', 1200n, 1000n],
];

export async function seedDemoMoney(db: Db, clock: Clock) {
  const admin = await db.query<{ id: bigint }>(
    `SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
  );
  const actor: Actor = {
    userId: Number(admin.rows[0]!.id),
    audience: 'admin',
    sessionId: 'demo-seed',
    ip: 'demo-seed',
  };
  const plans = createPlansService({ db, clock });
  const deposits = createDepositsService({ db, clock });
  const topups = createTopupsService({ db, clock });

  const starter = await plans.add(actor, {
    name: 'Starter',
    min_amount: 100n * U,
    max_amount: 999n * U,
    roi_percent: 0.5,
    cap_multiple: 7,
    direct_percent: 5,
    is_active: true,
  });
  const growth = await plans.add(actor, {
    name: 'Growth',
    min_amount: 1000n * U,
    max_amount: 9999n * U,
    roi_percent: 0.6,
    cap_multiple: 7,
    direct_percent: 5,
    is_active: true,
  });
  const elite = await plans.add(actor, {
    name: 'Elite',
    min_amount: 10000n * U,
    max_amount: 100000n * U,
    roi_percent: 0.7,
    cap_multiple: 7,
    direct_percent: 6,
    is_active: true,
  });
  await plans.addActPlan(actor, { name: 'Membership activation', fee: 10n * U, is_active: true });

  for (const [who, deposit, purchase] of MONEY) {
    const { rows } = await db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [
      `${who}@demo.local`,
    ]);
    const userId = Number(rows[0]!.id);
    const created = await deposits.add(
      actor,
      { user_id: userId, amount: deposit * U, note: 'Demo deposit' },
      null,
    );
    await deposits.update(actor, created.id, { status: 'approved' });
    if (purchase > 0n) {
      const plan = purchase >= 10000n ? elite : purchase >= 1000n ? growth : starter;
      await topups.purchase(
        actor,
        { userby_id: userId, plan_id: plan.id, amount: purchase * U },
        'purchase',
        null,
      );
    }
  }
  // one deposit left waiting for a decision, so the admin screens show a pending item
  const { rows } = await db.query<{ id: bigint }>(`SELECT id FROM users WHERE email = 'lucas@demo.local'`);
  await deposits.add(
    actor,
    {
      user_id: Number(rows[0]!.id),
      amount: 400n * U,
      note: 'Awaiting bank confirmation',
    },
    null,
  );
}
