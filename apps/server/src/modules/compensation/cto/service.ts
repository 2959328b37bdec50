/**
 * CTO, company turnover share (DOMAIN.md): an admin sets a monthly pool; members qualified by their
 * own active plan (>= cto_min_active_plan) and their directs' business (>= cto_min_directs_business)
 * share it equally. The share is rounded down to the micro-unit; the remainder is not paid (it stays
 * with the platform and is recorded on the pool). A pool is paid once (row lock + status, and the
 * ledger key cto:<pool>); CTO is outside the earning limit.
 */
import type { CtoPayment, CtoPool } from '@app/contracts/cto';
import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { readSettings } from '../../operations/settings/service.js';
import { creditIncomes } from '../incomes/credit.js';
import * as repo from './repo.js';
import { ctoQualifies, ctoShare } from './rules.js';

const NOT_FOUND = 'CTO pool not found';

const poolDto = (p: repo.PoolRow): CtoPool => ({
  id: p.id,
  period: p.period,
  amount: fromMicro(p.amount),
  note: p.note,
  status: p.status,
  members: p.members,
  share: p.share === null ? null : fromMicro(p.share),
  remainder: p.remainder === null ? null : fromMicro(p.remainder),
  min_active_plan: p.min_active_plan === null ? null : fromMicro(p.min_active_plan),
  min_directs_business: p.min_directs_business === null ? null : fromMicro(p.min_directs_business),
  paid_at: p.paid_at?.toISOString() ?? null,
  created_at: p.created_at.toISOString(),
});

const qualifiedDto = (m: repo.QualifiedRow) => ({
  user_id: Number(m.id),
  username: m.username,
  active_plan: fromMicro(m.active_plan),
  directs_business: fromMicro(m.directs_business),
});

const paymentDto = (c: repo.PaymentRow): CtoPayment => ({
  id: Number(c.id),
  pool_id: c.pool_id,
  period: c.period,
  user_id: Number(c.user_id),
  username: c.username,
  amount: fromMicro(c.amount),
  active_plan: fromMicro(c.active_plan),
  directs_business: fromMicro(c.directs_business),
  created_at: c.created_at.toISOString(),
});

/** The qualification rules as settings hold them at this moment, in micro-units. */
async function rulesNow(q: Queryable): Promise<repo.Rules> {
  const s = await readSettings(q);
  return {
    minActivePlan: toMicro(s.cto_min_active_plan)!,
    minDirectsBusiness: toMicro(s.cto_min_directs_business)!,
  };
}

const rulesDto = (r: repo.Rules) => ({
  min_active_plan: fromMicro(r.minActivePlan),
  min_directs_business: fromMicro(r.minDirectsBusiness),
});

export function createCtoService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function create(actor: Actor, body: { period: string; amount: bigint; note: string }) {
    try {
      return await withTx(db, async (tx) => {
        const created = poolDto(await repo.insertPool(tx, { ...body, by: actor.userId, now: clock.now() }));
        await recordAudit(tx, actor, {
          action: 'cto.create',
          targetType: 'cto_pool',
          targetId: created.id,
          after: created,
        });
        return created;
      });
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'cto_pools_period') {
        throw conflict(
          `A CTO pool for ${body.period} already exists; delete it first to set a different amount`,
        );
      }
      throw error;
    }
  }

  async function list(f: { page: number; limit: number; status?: 'open' | 'paid' | 'deleted' | undefined }) {
    const { rows, total } = await repo.listPools(db, f);
    return { allcto: rows.map(poolDto), ...pageFacts(total, f) };
  }

  /** Members see where they stand; admins see who qualifies now (paged). */
  async function overview(actor: Actor, page: { page: number; limit: number }) {
    const rules = await rulesNow(db);
    if (actor.audience === 'admin') {
      const { rows, total } = await repo.qualified(db, rules, page);
      return {
        rules: rulesDto(rules),
        me: null,
        qualified: { data: rows.map(qualifiedDto), ...pageFacts(total, page) },
      };
    }
    const me = await repo.figuresOf(db, actor.userId);
    if (!me) throw notFound(MSG.userNotFound);
    return {
      rules: rulesDto(rules),
      me: {
        user_id: actor.userId,
        qualified: ctoQualifies(
          {
            blocked: me.status !== 'unblock',
            activePlan: me.active_plan,
            directsBusiness: me.directs_business,
          },
          rules,
        ),
        active_plan: fromMicro(me.active_plan),
        directs_business: fromMicro(me.directs_business),
        total_received: fromMicro(await repo.receivedBy(db, actor.userId)),
      },
      qualified: null,
    };
  }

  /** An open pool with what paying it now would do; a paid one with who was paid. */
  async function detail(id: number) {
    const pool = await repo.findPool(db, id);
    if (!pool) throw notFound(NOT_FOUND);
    if (pool.status === 'paid') {
      return {
        cto: poolDto(pool),
        payments: (await repo.paymentsOfPool(db, id)).map(paymentDto),
        preview: null,
      };
    }
    const { rows } = await repo.qualified(db, await rulesNow(db));
    const { share, remainder } = ctoShare(pool.amount, rows.length);
    return {
      cto: poolDto(pool),
      payments: [],
      preview: {
        members: rows.length,
        share: fromMicro(share),
        remainder: fromMicro(remainder),
        qualified: rows.map(qualifiedDto),
      },
    };
  }

  async function transactions(actor: Actor, userId: number, f: { page: number; limit: number }) {
    assertSelfOrAdmin(actor, userId);
    const { rowCount } = await db.query(`SELECT 1 FROM users WHERE id = $1 AND role = 'user'`, [userId]);
    if (!rowCount) throw notFound(MSG.userNotFound);
    const { rows, total } = await repo.paymentsOfMember(db, userId, f);
    return { transactions: rows.map(paymentDto), ...pageFacts(total, f) };
  }

  async function pay(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const pool = await repo.findPool(tx, id, true);
      if (!pool) throw notFound(NOT_FOUND);
      if (pool.status === 'paid') throw conflict(`The CTO pool of ${pool.period} was already paid`);
      const now = clock.now();
      if (pool.period > now.toISOString().slice(0, 7)) {
        throw badRequest(`The period ${pool.period} has not started yet`);
      }
      const rules = await rulesNow(tx);
      const { rows: members } = await repo.qualified(tx, rules);
      if (members.length === 0) throw conflict('No member qualifies for CTO now; nothing was paid');
      const { share, remainder } = ctoShare(pool.amount, members.length);
      if (share === 0n)
        throw badRequest(`${formatUsdt(pool.amount, 6)} cannot be shared among ${members.length} members`);
      const records = await creditIncomes(
        tx,
        members.map((m) => ({
          userId: Number(m.id),
          kind: 'cto' as const,
          amount: share,
          refType: 'cto_pool',
          refId: String(pool.id),
          baseAmount: pool.amount,
          meta: { period: pool.period, members: members.length },
        })),
        `cto:${pool.id}`,
        now,
      );
      await repo.insertPayments(
        tx,
        pool.id,
        members.map((m, i) => ({
          userId: Number(m.id),
          amount: records[i]!.paid,
          activePlan: m.active_plan,
          directsBusiness: m.directs_business,
          transferId: records[i]!.transferId,
        })),
        now,
      );
      await repo.markPaid(tx, {
        id: pool.id,
        members: members.length,
        share,
        remainder,
        rules,
        by: actor.userId,
        now,
      });
      const after = poolDto((await repo.findPool(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'cto.pay',
        targetType: 'cto_pool',
        targetId: id,
        before: poolDto(pool),
        after,
      });
      return {
        message: `CTO of ${pool.period} paid: ${formatUsdt(share)} each to ${members.length} members`,
        cto: after,
      };
    });
  }

  /** PUT /cto/{id} (spec: used as delete): an open pool is deleted; a paid one is money history. */
  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const pool = await repo.findPool(tx, id, true);
      if (!pool) throw notFound(NOT_FOUND);
      if (pool.status === 'paid') throw conflict('A paid CTO pool cannot be deleted');
      await repo.markDeleted(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'cto.delete',
        targetType: 'cto_pool',
        targetId: id,
        before: poolDto(pool),
      });
      return { message: `CTO pool of ${pool.period} deleted` };
    });
  }

  return { create, list, overview, detail, transactions, pay, remove };
}

export type CtoService = ReturnType<typeof createCtoService>;
