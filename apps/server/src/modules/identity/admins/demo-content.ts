/**
 * Demo content, so every screen of the demo shows what it is for (issue 14): reward stages, salary
 * tiers, help articles and contact channels, and today's video. Created through the admin services
 * (audited like an admin's own edits). Nothing here pays anyone: reward stages open when a member
 * starts one, and the salary tiers ask for more active directs than any demo member has, so the
 * demo's money figures (demo-money.ts) are unchanged.
 */
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/pool.js';
import type { Actor } from '../../../http/access.js';
import { createRewardsService } from '../../compensation/rewards/service.js';
import { createSalaryService } from '../../compensation/salary/service.js';
import { createSupportService } from '../../content/support/service.js';
import { createVideosService } from '../../content/videos/service.js';
import { createSettingsService } from '../../operations/settings/service.js';

const U = 1_000_000n;

const REWARD_STAGES = [
  { title: 'Bronze', business: 1_000n * U, reward: 50n * U, days: 30, order: 1 },
  { title: 'Silver', business: 5_000n * U, reward: 250n * U, days: 60, order: 2 },
  { title: 'Gold', business: 20_000n * U, reward: 1_000n * U, days: 90, order: 3 },
];

const SALARY_TIERS = [
  { name: 'Team Builder', amount: 100n * U, months: 6, required_directs: 3, required_business: 5_000n * U },
  { name: 'Team Leader', amount: 300n * U, months: 12, required_directs: 5, required_business: 15_000n * U },
];

const HELP: Array<{ kind: 'faq' | 'contact'; title: string; content: string }> = [
  {
    kind: 'faq',
    title: 'How do I deposit USDT?',
    content:
      'Open Deposit in the menu and choose a method: a crypto payment shows an address and a QR code for the exact amount; your fund wallet is credited once the payment is confirmed.',
  },
  {
    kind: 'faq',
    title: 'When is my daily ROI paid?',
    content:
      "Watch today's video on Watch and Earn for 10 seconds, then claim: one claim every 24 hours while you hold an active plan.",
  },
  {
    kind: 'faq',
    title: 'What is the earning limit?',
    content:
      'Your incomes are paid up to 7 times your active plan. The Income Dashboard shows what you have earned and the Available Limit left; buying more raises it.',
  },
  {
    kind: 'faq',
    title: 'How long does a withdrawal take?',
    content:
      'A request holds the amount at once; support reviews it and pays it to your BEP20 or TRC20 address, usually within one working day.',
  },
  {
    kind: 'contact',
    title: 'E-mail support',
    content: 'support@demo.local: we answer within one working day (Monday to Friday, 9:00 to 18:00 UTC).',
  },
];

const VIDEO = {
  title: 'Getting started: your first plan',
  url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  description: "Today's video: watch it for 10 seconds, then claim your daily reward.",
};

export async function seedDemoContent(db: Db, clock: Clock) {
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
  const rewards = createRewardsService({ db, clock });
  // the demo decides no salary period: the daily job does that on its own schedule
  const salary = createSalaryService({ db, clock, run: async () => false });
  const support = createSupportService({ db, clock });
  const videos = createVideosService({ db, clock });

  for (const stage of REWARD_STAGES) await rewards.createPlan(actor, { ...stage, is_active: true });
  for (const tier of SALARY_TIERS) await salary.createTier(actor, { ...tier, is_active: true });
  for (const [i, entry] of HELP.entries())
    await support.add(actor, { ...entry, sort_order: (i + 1) * 10, published: true });
  await videos.create(actor, VIDEO);
  // the same address in Settings: what visitors and blocked members are given (issue 29.15)
  await createSettingsService({ db, clock }).update(actor, { contact_email: 'support@demo.local' });
}
