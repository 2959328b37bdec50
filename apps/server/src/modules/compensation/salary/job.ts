/**
 * The daily salary run ('salary-daily', DOMAIN.md, Salary). Idempotent: running it twice in a day
 * changes nothing the second time.
 *
 * 1. Assign: each active, unblocked member gets the highest tier they qualify for (most paid a
 *    month), unless they already hold or held a tier paying as much or more: a run never downgrades
 *    and never gives a tier twice. An upgrade first pays the months of the old tier already due,
 *    then replaces it; the new tier counts its months from now. Reaching a tier records the
 *    leadership rank.
 * 2. Pay: month k of an assignment falls due 30 x k days after it was assigned, until its months
 *    are used; a run pays every month due (a missed day catches up). Each month is one income
 *    (ledger key salary:<member>:<tier>:<month>, paid once), within the earning limit. A blocked
 *    member's months wait until they are unblocked.
 */
import type { Clock } from '../../../clock.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { creditIncomes } from '../incomes/credit.js';
import * as repo from './repo.js';
import { dueAt, monthsDue, tierFor } from './rules.js';

/** Pays the due months of the member's current assignment; answers the assignment after. */
async function payDue(tx: Tx, a: repo.AssignmentRow, now: Date) {
  const due = monthsDue(a, now);
  let paidMonths = a.paid_months;
  for (let month = a.paid_months + 1; month <= due; month += 1) {
    const [income] = await creditIncomes(
      tx,
      [
        {
          userId: Number(a.user_id),
          kind: 'salary',
          amount: a.amount,
          refType: 'salary',
          refId: `${a.user_id}:${a.tier_id}:${month}`,
          meta: { tier_id: a.tier_id, tier: a.name, month, months: a.months, assignment_id: a.id.toString() },
        },
      ],
      `salary:${a.user_id}:${a.tier_id}:${month}`,
      now,
    );
    await repo.insertPayment(tx, {
      assignment: a,
      month,
      dueAt: dueAt(a.assigned_at, month),
      paid: income!.paid,
      cut: income!.cut,
      transferId: income!.transferId,
      now,
    });
    paidMonths = month;
  }
  if (paidMonths !== a.paid_months) await repo.setPaidMonths(tx, a.id, paidMonths);
  if (paidMonths >= a.months) await repo.endAssignment(tx, a.id, 'completed', now);
  return paidMonths;
}

export interface SalaryRunResult {
  assigned: number;
  paidMonths: number;
}

export async function runSalary(db: Db, clock: Clock): Promise<SalaryRunResult> {
  const now = clock.now();
  const result: SalaryRunResult = { assigned: 0, paidMonths: 0 };
  const tiers = await repo.listTiers(db, true);

  if (tiers.length > 0) {
    const minDirects = Math.min(...tiers.map((t) => t.required_directs));
    const minBusiness = tiers.reduce(
      (m, t) => (t.required_business < m ? t.required_business : m),
      tiers[0]!.required_business,
    );
    const held = await repo.bestHeld(db);
    for (const c of await repo.candidates(db, minDirects, minBusiness)) {
      const best = tierFor(tiers, c, held.get(Number(c.id)));
      if (!best) continue;
      const assigned = await withTx(db, async (tx) => {
        const member = await repo.lockMember(tx, Number(c.id));
        if (member?.status !== 'unblock') return false;
        const current = await repo.currentAssignment(tx, Number(c.id));
        if (current) {
          // never downgrade: re-checked under the member's lock
          if (current.amount >= best.amount) return false;
          const paid = await payDue(tx, current, now);
          if (paid < current.months) await repo.endAssignment(tx, current.id, 'replaced', now);
        }
        await repo.insertAssignment(tx, {
          userId: Number(c.id),
          tier: best,
          directs: c.directs,
          business: c.business,
          now,
        });
        return true;
      });
      if (assigned) result.assigned += 1;
    }
  }

  for (const userId of await repo.dueAssignments(db, now)) {
    result.paidMonths += await withTx(db, async (tx) => {
      const member = await repo.lockMember(tx, userId);
      if (member?.status !== 'unblock') return 0;
      const current = await repo.currentAssignment(tx, userId);
      if (!current) return 0;
      return (await payDue(tx, current, now)) - current.paid_months;
    });
  }
  return result;
}
