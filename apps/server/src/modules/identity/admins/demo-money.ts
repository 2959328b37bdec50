/**
 * Demo money, through the same services members and admins use (so the ledger, the audit log and
 * the reconcile checks all hold): plans, an activation plan, approved deposits, activations,
 * purchases and two paid withdrawals.
 *
 * The demo describes a healthy platform: the fees it keeps (activations, an early principal
 * withdrawal, a profit withdrawal) are more than the incomes it has paid, so the dashboard's
 * coverage ratio (reserves / member balances, computed as always) opens above 100%.
 *
 * It is history, dated as it would have happened (issue 29.16): the services run on a clock set to
 * each event's moment, so a member's deposit, activation and plan follow the day they joined (the
 * demo's members joined over 14 days) and the withdrawals come days later, never all "today".
 */
import { MAX_AMOUNT_MICRO } from '@app/contracts/money';
import type { Clock } from '../../../clock.js';
import { type Db, membersChanged } from '../../../db/pool.js';
import type { Actor } from '../../../http/access.js';
import { createDepositsService } from '../../money/deposits/service.js';
import { createPlansService } from '../../money/plans/service.js';
import { createTopupsService } from '../../money/topups/service.js';
import { createWithdrawalsService } from '../../money/withdrawals/service.js';
import { DEMO_PASSWORD } from './demo-seed.js';

const U = 1_000_000n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A clock the seed sets to the moment of each event it records. */
class HistoryClock implements Clock {
  constructor(private at: Date) {}
  now() {
    return new Date(this.at);
  }
  set(at: Date) {
    this.at = at;
  }
}

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
    roles: ['owner'],
    sessionId: 'demo-seed',
    ip: 'demo-seed',
  };
  const today = clock.now().getTime();
  const ago = (days: number) => new Date(today - days * DAY);
  // the plans were there before the first member joined (13 days ago)
  const history = new HistoryClock(ago(14));
  const plans = createPlansService({ db, clock: history });
  const deposits = createDepositsService({ db, clock: history });
  const topups = createTopupsService({ db, clock: history });
  // the demo's paid withdrawals are past history: each was signed off by its finance admin and paid
  // by its owner (four eyes, as the server asks of new ones past one admin's daily limits); the
  // four-eyes amount itself is the demo server's, not the seed's
  const withdrawals = createWithdrawalsService({ db, clock: history, fourEyesAbove: MAX_AMOUNT_MICRO });
  const financeRow = await db.query<{ id: bigint }>(
    `SELECT id FROM users WHERE email = 'finance@demo.local'`,
  );
  const finance: Actor = { ...actor, userId: Number(financeRow.rows[0]!.id), roles: ['finance'] };

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
  await plans.addActPlan(actor, { name: 'Membership activation', fee: 50n * U, is_active: true });

  for (const [who, deposit, purchase] of MONEY) {
    const { rows } = await db.query<{ id: bigint; created_at: Date }>(
      'SELECT id, created_at FROM users WHERE email = $1',
      [`${who}@demo.local`],
    );
    const userId = Number(rows[0]!.id);
    const joined = rows[0]!.created_at.getTime();
    membersChanged(db, [userId]);
    // deposited two hours after joining, credited three hours later, activated at once; the plan
    // bought the next day
    history.set(new Date(joined + 2 * HOUR));
    const created = await deposits.add(
      actor,
      { user_id: userId, amount: deposit * U, note: 'Demo deposit' },
      null,
    );
    history.set(new Date(joined + 5 * HOUR));
    await deposits.update(actor, created.id, { status: 'approved' });
    history.set(new Date(joined + 6 * HOUR));
    await topups.activate(actor, { id: userId, userby_id: userId }, null);
    if (purchase > 0n) {
      history.set(new Date(joined + DAY));
      const plan = purchase >= 10000n ? elite : purchase >= 1000n ? growth : starter;
      await topups.purchase(
        actor,
        { userby_id: userId, plan_id: plan.id, amount: purchase * U },
        'purchase',
        null,
      );
    }
  }
  // an early principal withdrawal (sofia's plan is 7 days old: the 20% tier) and a profit withdrawal,
  // each paid a few hours after the request
  await paidWithdrawal(
    db,
    withdrawals,
    [finance, actor],
    ['sofia', 'principal', 4000n * U],
    history,
    ago(2.5),
  );
  await paidWithdrawal(db, withdrawals, [finance, actor], ['omar', 'profit', 300n * U], history, ago(1.5));

  // one deposit left waiting for a decision, so the admin screens show a pending item: this morning's
  history.set(new Date(today - 3 * HOUR));
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

/** A member's withdrawal, requested as the member (to their BEP20 address) and paid by the admin. */
async function paidWithdrawal(
  db: Db,
  withdrawals: ReturnType<typeof createWithdrawalsService>,
  [signer, payer]: [Actor, Actor],
  [who, kind, amount]: [string, 'principal' | 'profit', bigint],
  history: HistoryClock,
  requestedAt: Date,
) {
  history.set(requestedAt);
  const { rows } = await db.query<{ id: bigint }>(
    `UPDATE users SET bep20 = CASE WHEN coalesce(bep20, '') = '' THEN '0x' || lpad(to_hex(id), 40, 'd') ELSE bep20 END
      WHERE email = $1 RETURNING id`,
    [`${who}@demo.local`],
  );
  const userId = Number(rows[0]!.id);
  const memberActor: Actor = {
    userId,
    audience: 'member',
    sessionId: 'demo-seed',
    ip: 'demo-seed',
    roles: [],
  };
  const requested = await withdrawals.request(
    memberActor,
    kind,
    { amount, network: 'BEP20', password: DEMO_PASSWORD },
    null,
  );
  history.set(new Date(requestedAt.getTime() + 2 * HOUR));
  await withdrawals.signOff(signer, requested.id);
  history.set(new Date(requestedAt.getTime() + 4 * HOUR));
  await withdrawals.decide(payer, requested.id, kind, {
    status: 'approved',
    tx_hash: `0x${String(requested.id).padStart(64, 'd')}`,
  });
}
