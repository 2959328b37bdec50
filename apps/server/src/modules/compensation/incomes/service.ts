import {
  BONUS_TYPE_KEY,
  CAPPED_INCOME_KINDS,
  type EarningLimit,
  INCOME_KIND_LABEL,
  INCOME_KINDS,
  INCOME_PART_LABEL,
  INCOME_PARTS,
  type Income,
  type IncomeDetail,
  type IncomeKind,
  type IncomeList,
  type IncomeOverview,
  type IncomeSummary,
  SUMMARY_PERIOD_DAYS,
  type SummaryPeriod,
} from '@app/contracts/incomes';
import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import type { ReportGroup } from '@app/contracts/reports';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { addDays, dayOf, resolvePeriod, startOf } from '../../operations/reports/periods.js';
import { walletOf } from './income.js';
import * as queries from './queries.js';
import { earningLimitOf } from './repo.js';

const MEMBER_NOT_FOUND = 'Member not found';
const INCOME_NOT_FOUND = 'Income not found';
/** How many members the admin overview ranks. */
const TOP_EARNERS = 10;

/** Read-only and on one snapshot, so the figures of one answer agree with each other. */
function snapshot<T>(db: Db, fn: (tx: Tx) => Promise<T>) {
  return withTx(db, async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return fn(tx);
  });
}

const money = (v: bigint | null) => (v === null ? null : fromMicro(v));

/** `part` of `whole` in percent with 2 decimals (0 when there is no whole). */
function percentOf(part: bigint, whole: bigint) {
  if (whole <= 0n) return 0;
  return Number((part * 10_000n) / whole) / 100;
}

/** Change from `previous` to `current` in percent with 2 decimals; null without a previous figure. */
function changeOf(current: bigint, previous: bigint) {
  if (previous === 0n) return null;
  return Number(((current - previous) * 10_000n) / previous) / 100;
}

function incomeDto(r: queries.IncomeRow): Income {
  const bonusType = r.kind === 'bonus' ? r.meta[BONUS_TYPE_KEY] : null;
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    username: r.username,
    kind: r.kind as IncomeKind,
    bonus_type: typeof bonusType === 'string' ? bonusType : null,
    amount: fromMicro(r.amount),
    paid: fromMicro(r.paid),
    cut: fromMicro(r.cut),
    source_user_id: r.source_user_id === null ? null : Number(r.source_user_id),
    source_username: r.source_username,
    level: r.level,
    base_amount: money(r.base_amount),
    percent: r.percent === null ? null : Number(r.percent),
    ref_type: r.ref_type,
    ref_id: r.ref_id,
    transfer_id: r.transfer_id,
    created_at: r.created_at.toISOString(),
  };
}

export function createIncomesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function requireMember(q: Tx, userId: number) {
    const facts = await queries.memberFacts(q, userId);
    if (!facts) throw notFound(MEMBER_NOT_FOUND);
    return facts;
  }

  /** Spec section 9: earning limit, total earnings and available limit as they stand. */
  async function limit(actor: Actor, userId: number): Promise<EarningLimit> {
    assertSelfOrAdmin(actor, userId);
    return snapshot(db, async (tx) => {
      const facts = await requireMember(tx, userId);
      const l = (await earningLimitOf(tx, userId))!;
      return {
        user_id: userId,
        plan_id: facts.plan_id,
        plan_name: facts.plan_name,
        active_plan: fromMicro(l.activePlan),
        cap_multiple: l.capMultiple,
        earning_limit: fromMicro(l.limit),
        total_earnings: fromMicro(l.totalEarnings),
        available_limit: fromMicro(l.available),
        used_percent: Math.min(100, percentOf(l.totalEarnings, l.limit)),
        at_limit: l.atLimit,
        outside_limit: fromMicro(facts.outside),
        roi_status: facts.roi_status,
        level_status: facts.level_status,
      };
    });
  }

  /** Paid per part in the last `period` UTC days against the equal period before, and per day. */
  async function summary(actor: Actor, userId: number, period: SummaryPeriod): Promise<IncomeSummary> {
    assertSelfOrAdmin(actor, userId);
    const days = SUMMARY_PERIOD_DAYS[period];
    const to = dayOf(clock.now());
    const from = addDays(to, -(days - 1));
    const previousFrom = addDays(from, -days);
    const since = startOf(from);
    const until = startOf(addDays(to, 1));
    const { totals, daily } = await snapshot(db, async (tx) => {
      await requireMember(tx, userId);
      return {
        totals: await queries.partTotals(tx, userId, { since, until, previousSince: startOf(previousFrom) }),
        daily: await queries.dailyParts(tx, userId, { since, until }),
      };
    });
    const figure = (part: string, span: string) =>
      totals.find((r) => r.part === part && r.span === span) ?? { n: 0, paid: 0n };
    const sum = { current: 0n, previous: 0n, lifetime: 0n, count: 0 };
    const parts = INCOME_PARTS.map((key) => {
      const current = figure(key, 'current');
      const previous = figure(key, 'previous').paid;
      const lifetime = figure(key, 'lifetime').paid;
      sum.current += current.paid;
      sum.previous += previous;
      sum.lifetime += lifetime;
      sum.count += current.n;
      return {
        key,
        label: INCOME_PART_LABEL[key],
        current: fromMicro(current.paid),
        previous: fromMicro(previous),
        change_percent: changeOf(current.paid, previous),
        count: current.n,
        lifetime: fromMicro(lifetime),
      };
    });
    const series = Array.from({ length: days }, (_, i) => {
      const day = addDays(from, i);
      const rows = daily.filter((r) => r.day === day);
      const total = rows.reduce((acc, r) => acc + r.paid, 0n);
      const partsOfDay = Object.fromEntries(
        INCOME_PARTS.map((key) => [key, fromMicro(rows.find((r) => r.part === key)?.paid ?? 0n)]),
      );
      return { day, total: fromMicro(total), parts: partsOfDay };
    });
    return {
      user_id: userId,
      period,
      from,
      to,
      previous_from: previousFrom,
      previous_to: addDays(from, -1),
      parts,
      total: {
        current: fromMicro(sum.current),
        previous: fromMicro(sum.previous),
        change_percent: changeOf(sum.current, sum.previous),
        count: sum.count,
        lifetime: fromMicro(sum.lifetime),
      },
      series,
    };
  }

  /** A member's own incomes (or, for an admin, anyone's or everyone's), newest first. */
  async function list(
    actor: Actor,
    f: {
      page: number;
      limit: number;
      user_id?: number | undefined;
      kind?: IncomeKind | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ): Promise<IncomeList> {
    if (actor.audience !== 'admin' && f.user_id !== undefined && f.user_id !== actor.userId) {
      throw forbidden(MSG.forbidden);
    }
    const { rows, sums } = await queries.list(db, {
      page: f.page,
      limit: f.limit,
      userId: actor.audience === 'admin' ? f.user_id : actor.userId,
      kind: f.kind,
      since: f.from ? startOf(f.from) : undefined,
      until: f.to ? startOf(addDays(f.to, 1)) : undefined,
    });
    return {
      incomes: rows.map(incomeDto),
      sum: { amount: fromMicro(sums.amount), paid: fromMicro(sums.paid), cut: fromMicro(sums.cut) },
      ...pageFacts(sums.n, f),
    };
  }

  async function detail(actor: Actor, row: queries.IncomeRow | null): Promise<IncomeDetail> {
    if (!row) throw notFound(INCOME_NOT_FOUND);
    assertSelfOrAdmin(actor, Number(row.user_id));
    const transfer = row.transfer_id ? await queries.transfer(db, row.transfer_id) : null;
    const capped = CAPPED_INCOME_KINDS.includes(row.kind as IncomeKind);
    const available =
      row.earning_limit === null || row.earned_before === null
        ? null
        : row.earning_limit > row.earned_before
          ? row.earning_limit - row.earned_before
          : 0n;
    return {
      ...incomeDto(row),
      capped_kind: capped,
      earning_limit: money(row.earning_limit),
      earned_before: money(row.earned_before),
      earned_after: row.earned_before === null ? null : fromMicro(row.earned_before + row.paid),
      available_before: money(available),
      wallet: walletOf(row.kind as IncomeKind),
      transfer: transfer && {
        id: transfer.id,
        kind: transfer.kind,
        amount: fromMicro(transfer.amount),
        status: transfer.status,
        created_at: transfer.created_at.toISOString(),
      },
      meta: row.meta,
    };
  }

  const get = async (actor: Actor, id: number) => detail(actor, await queries.find(db, id));
  const byTransfer = async (actor: Actor, transferId: string) =>
    detail(actor, await queries.findByTransfer(db, transferId));

  /** Income by kind and period for /admin/income: series, totals, cut by the limit, top earners. */
  async function overview(f: {
    from?: string | undefined;
    to?: string | undefined;
    granularity: ReportGroup;
  }): Promise<IncomeOverview> {
    const period = resolvePeriod({ from: f.from, to: f.to, group: f.granularity }, clock.now());
    const range = { since: period.since, until: period.until };
    const { series, totals, top } = await snapshot(db, async (tx) => ({
      series: await queries.overviewSeries(tx, { ...range, group: f.granularity }),
      totals: await queries.overviewTotals(tx, range),
      top: await queries.topEarners(tx, { ...range, limit: TOP_EARNERS }),
    }));
    const sum = { count: 0, amount: 0n, paid: 0n, cut: 0n };
    const byKind = INCOME_KINDS.map((kind) => {
      const r = totals.kinds.find((k) => k.kind === kind) ?? { n: 0, amount: 0n, paid: 0n, cut: 0n };
      sum.count += r.n;
      sum.amount += r.amount;
      sum.paid += r.paid;
      sum.cut += r.cut;
      return {
        kind,
        label: INCOME_KIND_LABEL[kind],
        count: r.n,
        amount: fromMicro(r.amount),
        paid: fromMicro(r.paid),
        cut: fromMicro(r.cut),
      };
    });
    return {
      from: period.from,
      to: period.to,
      granularity: f.granularity,
      series: period.starts.map((start) => {
        const rows = series.filter((r) => r.period === start);
        return {
          period: start,
          paid: fromMicro(rows.reduce((acc, r) => acc + r.paid, 0n)),
          cut: fromMicro(rows.reduce((acc, r) => acc + r.cut, 0n)),
          parts: Object.fromEntries(
            INCOME_KINDS.map((kind) => [kind, fromMicro(rows.find((r) => r.kind === kind)?.paid ?? 0n)]),
          ),
        };
      }),
      totals: {
        count: sum.count,
        amount: fromMicro(sum.amount),
        paid: fromMicro(sum.paid),
        cut: fromMicro(sum.cut),
        members: totals.members,
        by_kind: byKind,
      },
      top_earners: top.map((r) => ({
        user_id: Number(r.user_id),
        username: r.username,
        count: r.n,
        paid: fromMicro(r.paid),
        cut: fromMicro(r.cut),
      })),
    };
  }

  return { limit, summary, list, get, byTransfer, overview };
}

export type IncomesService = ReturnType<typeof createIncomesService>;
