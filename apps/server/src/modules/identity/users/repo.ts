import type { Locale } from '@app/contracts/locales';
import type { ControlKind } from '@app/contracts/users';
import { membersChanged, prepared, type Queryable } from '../../../db/pool.js';

/**
 * A user with the figures the API shows next to the stored fields, each read from a maintained row,
 * so the cost of a read does not grow with the member's history or team:
 * - balances: the ledger account rows plus their unfolded deltas (ledger/fold.ts);
 * - incomes by kind and `level_month`: the running totals the posting keeps, all time and per UTC
 *   month of the database clock: the member's account rows (`income_totals`, what the fold added),
 *   the `income_totals` table and the unfolded deltas that carry an income (`ledger_deltas` with an
 *   income kind, `income_total_deltas`; each names its month and also counts to all time);
 * - `roi_day`: ROI credited to the roi wallet in the last 24 h (an index range of a day's claims);
 * - `total_team`: the team roll-up (`team_stats`, ARCHITECTURE.md Referral tree), as of its last run;
 * - `valid_ms`: how long they hold unless a write changes them (view-cache.ts).
 * The spec's figures as before (docs/decisions/identity.md, "`/users/{id}` figures come from the ledger").
 */
const USER_VIEW = `
  SELECT u.*,
         coalesce(b.fund, 0) AS business_balance,
         coalesce(b.principal, 0) + coalesce(b.compound, 0) AS active_plan,
         coalesce(i.roi_income, 0) AS roi_income,
         coalesce(i.reward, 0) AS reward,
         coalesce(i.direct_income, 0) AS direct_income,
         coalesce(i.salary, 0) AS salary,
         coalesce(i.working, 0) AS working,
         coalesce(i.level_month, 0) AS level_month,
         coalesce(r.amount, 0)::bigint AS roi_day,
         coalesce(ts.team_count, 0)::bigint AS total_team,
         -- how long these figures hold by the clock alone (ms): until the oldest ROI credit of the
         -- last 24 h leaves roi_day, and no later than the next UTC month starts level_month afresh
         extract(epoch FROM least(
           r.oldest + interval '24 hours',
           (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
         ) - now())::float8 * 1000 AS valid_ms
    FROM users u
    LEFT JOIN LATERAL (
      -- what the member can use: amounts held by pending withdrawals are on their way out
      SELECT sum(v.available) FILTER (WHERE v.kind = 'fund')::bigint AS fund,
             sum(v.available) FILTER (WHERE v.kind = 'principal')::bigint AS principal,
             sum(v.available) FILTER (WHERE v.kind = 'compound')::bigint AS compound,
             min(v.id) FILTER (WHERE v.kind = 'roi') AS roi_account
        FROM (SELECT a.id, a.kind,
                     a.balance - a.pending
                       + coalesce((SELECT sum(d.amount) FROM ledger_deltas d WHERE d.account_id = a.id), 0) AS available
                FROM ledger_accounts a WHERE a.owner_user_id = u.id) v
    ) b ON true
    LEFT JOIN LATERAL (
      SELECT sum(x.amount) FILTER (WHERE x.kind = 'roi_income' AND x.period = 'all')::bigint AS roi_income,
             sum(x.amount) FILTER (WHERE x.kind = 'reward' AND x.period = 'all')::bigint AS reward,
             sum(x.amount) FILTER (WHERE x.kind = 'direct_income' AND x.period = 'all')::bigint AS direct_income,
             sum(x.amount) FILTER (WHERE x.kind = 'salary' AND x.period = 'all')::bigint AS salary,
             sum(x.amount) FILTER (WHERE x.period = 'all' AND x.kind IN
               ('direct_income', 'level_income', 'reward', 'salary', 'cto', 'bonus'))::bigint AS working,
             sum(x.amount) FILTER (WHERE x.kind = 'level_income' AND x.period <> 'all')::bigint AS level_month
        FROM (SELECT kind, period, amount FROM income_totals
               WHERE user_id = u.id AND period IN ('all', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))
              UNION ALL
              -- a delta carries its month and counts to the all-time total too (ledger/fold.ts)
              SELECT d.kind, p.period, d.amount FROM income_total_deltas d
               CROSS JOIN LATERAL (VALUES (d.period), ('all')) AS p(period)
               WHERE d.user_id = u.id AND p.period IN ('all', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))
              UNION ALL
              -- incomes folded into the member's account rows (ledger/fold.ts)
              SELECT k.key, p.key, p.value::text::bigint
                FROM ledger_accounts a, jsonb_each(a.income_totals) AS k, jsonb_each(k.value) AS p
               WHERE a.owner_user_id = u.id
                 AND p.key IN ('all', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))
              UNION ALL
              -- an income credited and not folded yet: its balance delta carries it
              SELECT d.income_kind, p.period, d.amount
                FROM ledger_accounts a JOIN ledger_deltas d ON d.account_id = a.id
               CROSS JOIN LATERAL (VALUES (d.period), ('all')) AS p(period)
               WHERE a.owner_user_id = u.id AND d.income_kind IS NOT NULL
                 AND p.period IN ('all', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'))) x
    ) i ON true
    LEFT JOIN LATERAL (
      SELECT sum(tr.amount) AS amount, min(tr.created_at) AS oldest FROM transfers tr
       WHERE tr.credit_account = b.roi_account AND tr.created_at >= now() - interval '24 hours'
         AND tr.kind = 'roi_income' AND tr.status = 'posted'
    ) r ON true
    LEFT JOIN team_stats ts ON ts.user_id = u.id`;

export interface UserViewRow {
  id: bigint;
  username: string;
  email: string;
  role: 'user' | 'admin';
  status: 'unblock' | 'block';
  is_active: 'active' | 'inactive';
  roi_status: 'open' | 'close';
  level_status: 'open' | 'close';
  address: string;
  fullname: string;
  phone: string;
  business: bigint;
  reffer_by: string | null;
  sponsor_id: bigint | null;
  refferal_code: string;
  path: string | null;
  paid_member: boolean;
  plan_id: number | null;
  activation_date: Date | null;
  last_login: Date | null;
  verify_at: Date | null;
  created_at: Date;
  updated_at: Date;
  bep20: string;
  trc20: string;
  controls_hold_until: Date | null;
  controls_hold_what: ControlKind[];
  locale: Locale | null;
  business_balance: bigint;
  active_plan: bigint;
  roi_income: bigint;
  reward: bigint;
  direct_income: bigint;
  salary: bigint;
  working: bigint;
  level_month: bigint;
  roi_day: bigint;
  total_team: bigint;
  valid_ms: number;
}

// the member dashboard's main read: planned once per connection
const findViewSql = prepared('users_find_view', `${USER_VIEW} WHERE u.id = $1`);
const findViewByEmailSql = prepared(
  'users_find_view_by_email',
  `${USER_VIEW} WHERE u.email = $1 AND u.role = 'user'`,
);

export async function findView(q: Queryable, id: number): Promise<UserViewRow | null> {
  const { rows } = await q.query<UserViewRow>(findViewSql([id]));
  return rows[0] ?? null;
}

export async function findViewByEmail(q: Queryable, email: string): Promise<UserViewRow | null> {
  const { rows } = await q.query<UserViewRow>(findViewByEmailSql([email]));
  return rows[0] ?? null;
}

export interface ListFilter {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: 'unblock' | 'block' | undefined;
  onlyInactive?: boolean;
}

/** Members (never admins), newest first. */
export async function listMembers(q: Queryable, f: ListFilter) {
  const where = [`u.role = 'user'`];
  const params: unknown[] = [];
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    where.push(
      `(u.email ILIKE ${p} OR u.username ILIKE ${p} OR u.fullname ILIKE ${p} OR u.refferal_code ILIKE ${p})`,
    );
  }
  if (f.status) {
    params.push(f.status);
    where.push(`u.status = $${params.length}`);
  }
  if (f.onlyInactive) where.push(`u.is_active = 'inactive'`);
  const filter = where.join(' AND ');
  const total = (
    await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE ${filter}`, params)
  ).rows[0]!.n;
  params.push(f.limit, (f.page - 1) * f.limit);
  const { rows } = await q.query<UserViewRow>(
    `${USER_VIEW} WHERE ${filter} ORDER BY u.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total };
}

export async function memberStats(q: Queryable, now: Date) {
  const { rows } = await q.query<{
    total: number;
    active: number;
    blocked: number;
    verified: number;
    new_today: number;
  }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE is_active = 'active')::int AS active,
            count(*) FILTER (WHERE status = 'block')::int AS blocked,
            count(*) FILTER (WHERE verify_at IS NOT NULL)::int AS verified,
            count(*) FILTER (WHERE created_at >= date_trunc('day', $1::timestamptz))::int AS new_today
       FROM users WHERE role = 'user'`,
    [now],
  );
  const perDay = await q.query<{ day: string; count: number }>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(u.id)::int AS count
       FROM generate_series(date_trunc('day', $1::timestamptz) - interval '13 days', date_trunc('day', $1::timestamptz), interval '1 day') AS d(day)
       LEFT JOIN users u ON u.role = 'user' AND u.created_at >= d.day AND u.created_at < d.day + interval '1 day'
      GROUP BY d.day ORDER BY d.day`,
    [now],
  );
  return { ...rows[0]!, perDay: perDay.rows };
}

export async function lockUser(q: Queryable, id: number) {
  const { rows } = await q.query<{
    id: bigint;
    password_hash: string;
    role: string;
    email: string;
    bep20: string;
    trc20: string;
  }>('SELECT id, password_hash, role, email, bep20, trc20 FROM users WHERE id = $1 FOR UPDATE', [id]);
  return rows[0] ?? null;
}

/** Writes the given columns (names come from the service's fixed list, never from input). */
export async function updateColumns(q: Queryable, id: number, changes: Record<string, unknown>) {
  const names = Object.keys(changes);
  if (names.length === 0) return;
  const sets = names.map((name, i) => `${name} = $${i + 2}`);
  await q.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, [id, ...names.map((n) => changes[n])]);
  membersChanged(q, [id]);
}

export async function isTaken(q: Queryable, column: 'email' | 'username', value: string, exceptId: number) {
  const { rowCount } = await q.query(`SELECT 1 FROM users WHERE lower(${column}) = lower($1) AND id <> $2`, [
    value,
    exceptId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Moves a member and their whole downline under a new sponsor. */
export async function moveSubtree(
  q: Queryable,
  id: number,
  oldPath: string,
  sponsor: { id: bigint; code: string; path: string },
  now: Date,
) {
  await q.query('UPDATE users SET sponsor_id = $2, reffer_by = $3 WHERE id = $1', [
    id,
    sponsor.id,
    sponsor.code,
  ]);
  membersChanged(q, [id]);
  await q.query(
    `UPDATE users SET path = $2::ltree || subpath(path, nlevel($1::ltree) - 1) WHERE path <@ $1::ltree`,
    [oldPath, sponsor.path],
  );
  // the team roll-up recomputes the old and the new chain of uplines
  await q.query(
    `INSERT INTO tree_events (user_id, kind, ref_type, ref_id, created_at) VALUES ($1, 'moved', 'path', $2, $3)`,
    [id, oldPath, now],
  );
}

export async function hasDownline(q: Queryable, id: number) {
  const { rowCount } = await q.query('SELECT 1 FROM users WHERE sponsor_id = $1 LIMIT 1', [id]);
  return (rowCount ?? 0) > 0;
}

/** Any ledger account of the member that ever moved money. */
export async function hasMoneyHistory(q: Queryable, id: number) {
  const { rowCount } = await q.query(
    `SELECT 1 FROM accounts a WHERE a.owner_user_id = $1
        AND (a.balance <> 0 OR a.pending <> 0
             OR EXISTS (SELECT 1 FROM transfers t WHERE t.debit_account = a.id OR t.credit_account = a.id))
      LIMIT 1`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteUser(q: Queryable, id: number, now: Date) {
  // the team roll-up takes the member out of their uplines' figures
  await q.query(
    `INSERT INTO tree_events (user_id, kind, ref_type, ref_id, created_at)
     SELECT id, 'left', 'path', path::text, $2 FROM users WHERE id = $1 AND path IS NOT NULL`,
    [id, now],
  );
  await q.query(`DELETE FROM login_throttle WHERE account_key = 'user:' || $1::bigint`, [id]);
  await q.query('DELETE FROM ledger_accounts WHERE owner_user_id = $1', [id]);
  await q.query('DELETE FROM users WHERE id = $1', [id]);
  membersChanged(q, [id]);
}

export async function wallets(q: Queryable, id: number) {
  const { rows } = await q.query<{ kind: string; balance: bigint; pending: bigint }>(
    'SELECT kind, balance, pending FROM accounts WHERE owner_user_id = $1',
    [id],
  );
  return rows;
}
