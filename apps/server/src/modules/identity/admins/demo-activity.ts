/**
 * Demo activity, so the screens that list what members and staff did are not empty (issue 37.14):
 * a support ticket with replies (/admin/tickets, /admin/ticket/{id}, /user/queries/{id}), a
 * notification sent to every member (/admin/notification/list), a reward paid
 * (/admin/reward-transactions) and a daily-reward (ROI) withdrawal waiting for a decision
 * (/admin/roi-request).
 *
 * Through the product's own services, as demo-money.ts: the ROI is claimed by the member after
 * watching the video, the reward sent by hand goes through four eyes as on the server (the owner
 * asks, the finance admin approves: the approval itself pays it, through the ledger), and the ROI
 * withdrawal is the member's request, left pending for an admin to decide. It runs after
 * demo-content.ts (the reward stages and the video exist) and keeps the platform covered: the
 * reward and the ROI paid are less than the fees the demo already kept.
 */
import { MAX_AMOUNT_MICRO } from '@app/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/pool.js';
import type { Actor } from '../../../http/access.js';
import { createRewardsService } from '../../compensation/rewards/service.js';
import { createRoiService } from '../../compensation/roi/service.js';
import { createNotificationsService } from '../../content/notifications/service.js';
import { createTicketsService } from '../../content/tickets/service.js';
import { createPaymentsAdmin } from '../../crypto/payments/admin.js';
import { createPaymentsService } from '../../crypto/payments/service.js';
import { createMoneyGates } from '../../money/approvals/gates.js';
import { createApprovalsService } from '../../money/approvals/service.js';
import { createCodesService } from '../../money/codes/service.js';
import { createDepositsService } from '../../money/deposits/service.js';
import { createTopupsService } from '../../money/topups/service.js';
import { createWithdrawalsService } from '../../money/withdrawals/service.js';
import { DEMO_PASSWORD } from './demo-seed.js';

const U = 1_000_000n;
const HOUR = 3_600_000;

/** A clock the seed sets to the moment of each event it records (as in demo-money.ts). */
class HistoryClock implements Clock {
  constructor(private at: Date) {}
  now() {
    return new Date(this.at);
  }
  set(at: Date) {
    this.at = at;
  }
}

async function idOf(db: Db, email: string) {
  const { rows } = await db.query<{ id: bigint }>('SELECT id FROM users WHERE email = $1', [email]);
  return Number(rows[0]!.id);
}

const staff = (userId: number, roles: Actor['roles']): Actor => ({
  userId,
  audience: 'admin',
  roles,
  sessionId: 'demo-seed',
  ip: 'demo-seed',
});
const memberActor = (userId: number): Actor => ({
  userId,
  audience: 'member',
  roles: [],
  sessionId: 'demo-seed',
  ip: 'demo-seed',
});

export async function seedDemoActivity(
  db: Db,
  clock: Clock,
  deps: { publicUrl: string; log: FastifyBaseLogger },
) {
  const owner = await db.query<{ id: bigint }>(
    `SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`,
  );
  const admin = staff(Number(owner.rows[0]!.id), ['owner']);
  const finance = staff(await idOf(db, 'finance@demo.local'), ['finance']);
  const support = staff(await idOf(db, 'support@demo.local'), ['support']);
  const today = clock.now().getTime();
  const history = new HistoryClock(new Date(today - 30 * HOUR));

  // a ticket: lena asks, support answers, lena thanks them (so it is open again, waiting on support)
  const lena = memberActor(await idOf(db, 'lena@demo.local'));
  const tickets = createTicketsService({ db, clock: history, publicUrl: deps.publicUrl });
  const { ticket } = await tickets.create(lena, {
    subject: 'When can I withdraw my daily reward?',
    message:
      'I claimed my daily reward today. Can I withdraw it at once, or does it have to wait until the plan ends?',
    category: 'income',
    priority: 'normal',
  });
  history.set(new Date(today - 27 * HOUR));
  await tickets.respond(
    support,
    ticket.ticket_id,
    'Hello Lena, the daily reward goes to your ROI wallet and can be withdrawn at any time from Withdraw > ROI, once it is at least the minimum withdrawal (10 USDT). A 10% fee applies.',
  );
  history.set(new Date(today - 26 * HOUR));
  await tickets.respond(lena, ticket.ticket_id, 'Thank you! And is the fee taken from the amount I ask for?');

  // a notification to every member, sent by support
  history.set(new Date(today - 20 * HOUR));
  await createNotificationsService({ db, clock: history }).create(support, {
    title: 'Withdrawals this weekend',
    message:
      'Withdrawal requests made on Saturday and Sunday are paid on Monday morning. Deposits and daily rewards run as usual.',
    users: true,
    type: 'notification',
    recipients: [],
  });

  // sofia claims her daily reward after watching the video, then asks to withdraw it (left pending)
  const sofia = memberActor(await idOf(db, 'sofia@demo.local'));
  const roi = createRoiService({ db, clock: history });
  history.set(new Date(today - 6 * HOUR));
  await roi.startSession(sofia, 'video');
  history.set(new Date(today - 6 * HOUR + 60_000));
  const claimed = await roi.claim(sofia, sofia.userId);
  history.set(new Date(today - 5 * HOUR));
  const withdrawals = createWithdrawalsService({ db, clock: history, fourEyesAbove: MAX_AMOUNT_MICRO });
  await withdrawals.request(
    sofia,
    'roi',
    { amount: BigInt(Math.floor(claimed.amount)) * U, network: 'BEP20', password: DEMO_PASSWORD },
    null,
  );

  // the Bronze reward sent to omar by hand: the owner asks, the finance admin approves (four eyes)
  const rewards = createRewardsService({ db, clock });
  const approvals = createApprovalsService({ db, clock, fourEyesAbove: MAX_AMOUNT_MICRO });
  // the gates need every money service; crypto payments stay off here (the seed settles none)
  const payments = createPaymentsService({
    db,
    clock,
    provider: null,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  const gates = createMoneyGates({
    db,
    approvals,
    withdrawals: createWithdrawalsService({ db, clock, fourEyesAbove: MAX_AMOUNT_MICRO }),
    topups: createTopupsService({ db, clock }),
    deposits: createDepositsService({ db, clock }),
    rewards,
    codes: createCodesService({ db, clock }),
    payments: createPaymentsAdmin({ db, clock, payments }),
  });
  const bronze = await db.query<{ id: number }>(`SELECT id FROM reward_plans WHERE title = 'Bronze'`);
  const asked = await gates.reward(admin, {
    id: bronze.rows[0]!.id,
    user_id: await idOf(db, 'omar@demo.local'),
    note: 'Bronze reached before the reward stages were switched on',
  });
  await approvals.approve(finance, asked.approval.id);
}
