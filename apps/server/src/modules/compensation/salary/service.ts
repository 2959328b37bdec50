import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import type { SalaryAssignment, SalaryPayment, SalaryTier } from '@app/contracts/salary';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import * as queries from './queries.js';
import * as repo from './repo.js';
import { dueAt, monthsDue } from './rules.js';

const NOT_FOUND = 'Salary tier not found';

const tierDto = (t: repo.TierRow): SalaryTier => ({
  id: t.id,
  name: t.name,
  amount: fromMicro(t.amount),
  months: t.months,
  required_directs: t.required_directs,
  required_business: fromMicro(t.required_business),
  is_active: t.is_active,
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});

const assignmentDto = (a: repo.AssignmentRow): SalaryAssignment => ({
  id: Number(a.id),
  user_id: Number(a.user_id),
  username: a.username,
  tier_id: a.tier_id,
  tier_name: a.name,
  amount: fromMicro(a.amount),
  months: a.months,
  paid_months: a.paid_months,
  directs: a.directs,
  business: fromMicro(a.business),
  assigned_at: a.assigned_at.toISOString(),
  next_pay_at: a.status === 'active' ? dueAt(a.assigned_at, a.paid_months + 1).toISOString() : null,
  status: a.status,
  ended_at: a.ended_at?.toISOString() ?? null,
});

const paymentDto = (p: repo.PaymentRow): SalaryPayment => ({
  id: Number(p.id),
  assignment_id: Number(p.assignment_id),
  user_id: Number(p.user_id),
  username: p.username,
  tier_id: p.tier_id,
  tier_name: p.name,
  month: p.month,
  months: p.months,
  due_at: p.due_at.toISOString(),
  amount: fromMicro(p.amount),
  paid: fromMicro(p.paid),
  cut: fromMicro(p.cut),
  created_at: p.created_at.toISOString(),
});

/** Spec section 3: salary lists answer data, total, total_pages, current_page. */
const salaryPage = <T>(data: T[], total: number, f: { page: number; limit: number }) => {
  const facts = pageFacts(total, f);
  return { data, total, total_pages: facts.totalPages, current_page: facts.currentPage };
};

type TierInput = {
  name: string;
  amount: bigint;
  months: number;
  required_directs: number;
  required_business: bigint;
  is_active: boolean;
};

export function createSalaryService(deps: { db: Db; clock: Clock; run: () => Promise<boolean> }) {
  const { db, clock } = deps;

  /** Runs the daily job now (under its lock, like a scheduled run), audited as the admin's action. */
  async function runNow(actor: Actor) {
    const ran = await deps.run();
    await recordAudit(db, actor, {
      action: 'salary.run',
      targetType: 'salary',
      targetId: null,
      after: { ran },
    });
    return ran;
  }

  async function tiers(actor: Actor) {
    return (await repo.listTiers(db, actor.audience !== 'admin')).map(tierDto);
  }

  async function createTier(actor: Actor, body: TierInput) {
    return withTx(db, async (tx) => {
      const created = tierDto(await repo.insertTier(tx, body, clock.now()));
      await recordAudit(tx, actor, {
        action: 'salary_tier.create',
        targetType: 'salary_tier',
        targetId: created.id,
        after: created,
      });
      return created;
    });
  }

  /** Members already holding the tier keep the terms they were given; the edit applies to new assignments. */
  async function updateTier(actor: Actor, id: number, changes: Partial<TierInput>) {
    return withTx(db, async (tx) => {
      const before = await repo.findTier(tx, id, true);
      if (!before) throw notFound(NOT_FOUND);
      const after = tierDto(await repo.updateTier(tx, id, changes, clock.now()));
      await recordAudit(tx, actor, {
        action: 'salary_tier.update',
        targetType: 'salary_tier',
        targetId: id,
        before: tierDto(before),
        after,
      });
      return after;
    });
  }

  /** Retires a tier: nobody is assigned it any more; members holding it are paid to the end. */
  async function removeTier(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.findTier(tx, id, true);
      if (!before) throw notFound(NOT_FOUND);
      await repo.softDeleteTier(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'salary_tier.delete',
        targetType: 'salary_tier',
        targetId: id,
        before: tierDto(before),
      });
    });
  }

  /** Admins see every assignment; a member their own. */
  async function userSalaries(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      status?: string | undefined;
      tier_id?: number | undefined;
      search?: string | undefined;
    },
  ) {
    const own = actor.audience === 'admin' ? {} : { userId: actor.userId };
    const { rows, total } = await queries.listAssignments(db, { ...f, ...own, tierId: f.tier_id });
    return salaryPage(rows.map(assignmentDto), total, f);
  }

  async function transactions(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      tier_id?: number | undefined;
      user_id?: number | undefined;
      search?: string | undefined;
    },
  ) {
    const userId = actor.audience === 'admin' ? f.user_id : actor.userId;
    const { rows, total } = await queries.listPayments(db, { ...f, userId, tierId: f.tier_id });
    return salaryPage(rows.map(paymentDto), total, f);
  }

  async function todayStats() {
    const now = clock.now();
    const s = await queries.todayStats(db, now);
    return {
      date: now.toISOString().slice(0, 10),
      payments: s.payments,
      paid: fromMicro(s.paid),
      cut: fromMicro(s.cut),
      new_assignments: s.assigned,
      due_next_24h: s.due,
    };
  }

  async function userHistory(actor: Actor, userId: number) {
    assertSelfOrAdmin(actor, userId);
    const { rowCount } = await db.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
    if (!rowCount) throw notFound(MSG.userNotFound);
    const h = await queries.memberHistory(db, userId);
    const assignments = h.assignments.map(assignmentDto);
    return {
      user_id: userId,
      current: assignments.find((a) => a.status === 'active') ?? null,
      assignments,
      payments: h.payments.map(paymentDto),
      total_paid: fromMicro(h.totalPaid),
    };
  }

  async function tierStats() {
    const rows = await queries.tierStats(db);
    return {
      tiers: rows.map((t) => ({
        tier_id: t.id,
        name: t.name,
        amount: fromMicro(t.amount),
        months: t.months,
        is_active: t.is_active,
        active: t.active,
        completed: t.completed,
        replaced: t.replaced,
        payments: t.payments,
        paid: fromMicro(t.paid),
      })),
    };
  }

  async function adminDashboard() {
    const now = clock.now();
    const d = await queries.dashboard(db, now);
    const horizon = new Date(now.getTime() + 30 * 86_400_000);
    let months = 0;
    let amount = 0n;
    for (const a of d.due) {
      const n = monthsDue({ assigned_at: a.assigned_at, months: a.months }, horizon) - a.paid_months;
      if (n > 0) {
        months += n;
        amount += a.amount * BigInt(n);
      }
    }
    return {
      tiers: d.tiers,
      active_assignments: d.active,
      completed_assignments: d.completed,
      members_paid: d.members_paid,
      total_paid: fromMicro(d.total_paid),
      total_cut: fromMicro(d.total_cut),
      paid_this_month: fromMicro(d.month_paid),
      due_next_30_days: { months, amount: fromMicro(amount) },
    };
  }

  return {
    runNow,
    tiers,
    createTier,
    updateTier,
    removeTier,
    userSalaries,
    transactions,
    todayStats,
    userHistory,
    tierStats,
    adminDashboard,
  };
}

export type SalaryService = ReturnType<typeof createSalaryService>;
