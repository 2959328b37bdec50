import { type PageRequest, pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged';

export interface MailRow {
  id: bigint;
  to_address: string;
  subject: string;
  template: string;
  status: OutboxStatus;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
}

export interface MailFilter extends PageRequest {
  /** The start of the recipient's address, lower case. */
  search?: string | undefined;
  status?: OutboxStatus | undefined;
  /** Owners see every mail; others not those marked owner_only (mail about admin accounts). */
  includeOwnerOnly: boolean;
}

const SUMMARY = 'id, to_address, subject, template, status, attempts, created_at, sent_at';

/** Escapes LIKE's wildcards, so a search for `a_b` finds `a_b` only. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first. */
export async function list(q: Queryable, f: MailFilter) {
  const params: unknown[] = [];
  const where: string[] = [];
  if (!f.includeOwnerOnly) where.push('NOT owner_only');
  if (f.search) where.push(`lower(to_address) LIKE $${params.push(likePrefix(f.search))}`);
  if (f.status) where.push(`status = $${params.push(f.status)}`);
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { rows: counted } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox ${clause}`,
    params,
  );
  const { rows } = await q.query<MailRow>(
    `SELECT ${SUMMARY} FROM mail_outbox ${clause} ORDER BY id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total: counted[0]!.n };
}

export async function find(q: Queryable, id: number, includeOwnerOnly: boolean) {
  const { rows } = await q.query<MailRow & { body_text: string; last_error: string | null }>(
    `SELECT ${SUMMARY}, body_text, last_error FROM mail_outbox
      WHERE id = $1 AND ($2::boolean OR NOT owner_only)`,
    [id, includeOwnerOnly],
  );
  return rows[0] ?? null;
}
