/**
 * The one way admin changes are recorded: called inside the same transaction as the change, so a
 * change without its audit row cannot exist. The table refuses UPDATE and DELETE.
 */
import type { Queryable } from '../db/pool.js';
import type { Actor } from '../http/access.js';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(q: Queryable, actor: Actor, entry: AuditEntry) {
  await q.query(
    `INSERT INTO audit_log (admin_id, action, target_type, target_id, before, after, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      actor.userId,
      entry.action,
      entry.targetType,
      entry.targetId === null ? null : String(entry.targetId),
      entry.before === undefined ? null : JSON.stringify(entry.before, jsonSafe),
      entry.after === undefined ? null : JSON.stringify(entry.after, jsonSafe),
      actor.ip,
    ],
  );
}

/** bigint micro-units are written as strings so nothing is rounded in the log. */
function jsonSafe(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
