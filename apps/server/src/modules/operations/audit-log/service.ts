import { type AuditEntry, type AuditListQuery, auditBound } from '@app/contracts/audit';
import { pageFacts } from '../../../db/paging.js';
import type { Db } from '../../../db/pool.js';
import * as repo from './repo.js';

const dto = (r: repo.AuditRow): AuditEntry => ({
  id: Number(r.id),
  admin_id: r.admin_id === null ? null : Number(r.admin_id),
  admin_username: r.admin_username,
  admin_email: r.admin_email,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  before: r.before,
  after: r.after,
  ip: r.ip,
  created_at: r.created_at.toISOString(),
});

/** Reading the append-only audit log the writer (audit/audit.ts) fills; nothing here changes it. */
export function createAuditLogService(deps: { db: Db }) {
  async function list(f: AuditListQuery) {
    const { rows, total } = await repo.list(deps.db, {
      page: f.page,
      limit: f.limit,
      action: f.action || undefined,
      targetType: f.target_type || undefined,
      targetId: f.target_id || undefined,
      adminId: f.admin_id,
      from: f.from ? auditBound(f.from) : undefined,
      to: f.to ? auditBound(f.to, true) : undefined,
    });
    return { entries: rows.map(dto), ...pageFacts(total, f) };
  }

  return { list, facets: () => repo.facets(deps.db) };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
