import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export interface AuditRow {
  id: bigint;
  admin_id: bigint | null;
  admin_username: string | null;
  admin_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date;
}

export interface AuditFilter extends PageRequest {
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  adminId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** Newest first; the filters are exact matches on the columns the writer (audit/audit.ts) fills. */
export async function list(q: Queryable, f: AuditFilter) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.action) where.push(`a.action = $${params.push(f.action)}`);
  if (f.targetType) where.push(`a.target_type = $${params.push(f.targetType)}`);
  if (f.targetId) where.push(`a.target_id = $${params.push(f.targetId)}`);
  if (f.adminId) where.push(`a.admin_id = $${params.push(f.adminId)}`);
  if (f.from) where.push(`a.created_at >= $${params.push(f.from)}`);
  if (f.to) where.push(`a.created_at < $${params.push(f.to)}`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows: counted } = await q.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM audit_log a ${clause}`,
    params,
  );
  const { rows } = await q.query<AuditRow>(
    `SELECT a.id, a.admin_id, u.username AS admin_username, u.email AS admin_email, a.action,
            a.target_type, a.target_id, a.before, a.after, a.ip, a.created_at
       FROM audit_log a LEFT JOIN users u ON u.id = a.admin_id
       ${clause}
      ORDER BY a.created_at DESC, a.id DESC
      ${pageClause(params, f)}`,
    params,
  );
  return { rows, total: Number(counted[0]!.n) };
}

/** The distinct actions, target types and admins present in the log, for the filter choices. */
export async function facets(q: Queryable) {
  const [actions, types, admins] = await Promise.all([
    q.query<{ v: string }>('SELECT DISTINCT action AS v FROM audit_log ORDER BY 1'),
    q.query<{ v: string }>('SELECT DISTINCT target_type AS v FROM audit_log ORDER BY 1'),
    q.query<{ id: bigint; username: string; email: string }>(
      `SELECT u.id, u.username, u.email FROM users u
        WHERE u.role = 'admin' OR u.id IN (SELECT DISTINCT admin_id FROM audit_log WHERE admin_id IS NOT NULL)
        ORDER BY u.username`,
    ),
  ]);
  return {
    actions: actions.rows.map((r) => r.v),
    target_types: types.rows.map((r) => r.v),
    admins: admins.rows.map((r) => ({ id: Number(r.id), username: r.username, email: r.email })),
  };
}
