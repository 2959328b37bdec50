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

export interface MailDetailRow extends MailRow {
  /** The text with its secrets masked (mail/outbox.ts). */
  body_text: string;
  last_error: string | null;
  has_secret: boolean;
  /** Its sealed original is kept and has not expired. */
  secret_kept: boolean;
}

export async function find(q: Queryable, id: number, includeOwnerOnly: boolean, lock = false) {
  const { rows } = await q.query<MailDetailRow>(
    `SELECT ${SUMMARY}, body_text, last_error, has_secret,
            EXISTS (SELECT 1 FROM mail_secrets s WHERE s.mail_id = o.id AND s.expires_at > now()) AS secret_kept
       FROM mail_outbox o
      WHERE id = $1 AND ($2::boolean OR NOT owner_only) ${lock ? 'FOR UPDATE' : ''}`,
    [id, includeOwnerOnly],
  );
  return rows[0] ?? null;
}

/** The sealed original of a mail while its secret works; null once delivered, given up or expired. */
export async function sealedCopy(q: Queryable, id: bigint): Promise<string | null> {
  const { rows } = await q.query<{ sealed: string }>(
    'SELECT sealed FROM mail_secrets WHERE mail_id = $1 AND expires_at > now()',
    [id],
  );
  return rows[0]?.sealed ?? null;
}

/** Re-sent: the sealed copies of the earlier mails of this kind to this address go (their secrets are dead). */
export async function dropEarlierSecrets(q: Queryable, to: string, template: string, beforeId: bigint) {
  await q.query(
    `DELETE FROM mail_secrets s USING mail_outbox o
      WHERE s.mail_id = o.id AND o.to_address = $1 AND o.template = $2 AND o.id < $3`,
    [to, template, beforeId],
  );
}

/** The account an address belongs to now (a mail's recipient may have moved since). */
export async function accountOf(q: Queryable, email: string) {
  const { rows } = await q.query<{
    id: bigint;
    email: string;
    fullname: string;
    role: 'user' | 'admin';
    verify_at: Date | null;
    locale: string | null;
  }>(`SELECT id, email, fullname, role, verify_at, locale FROM users WHERE email = lower($1) FOR UPDATE`, [
    email,
  ]);
  return rows[0] ?? null;
}

/**
 * A re-sent reset link replaces the open ones (password_resets, owned by modules/identity/password:
 * its own forget keeps earlier links; a link re-sent by support must be the only one that works).
 * Answers when the newest open link was made, so a second re-send within a minute can be refused.
 */
export async function closeOpenResets(q: Queryable, userId: bigint, now: Date) {
  const { rows } = await q.query<{ newest: Date | null }>(
    `WITH closed AS (
       UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING created_at)
     SELECT max(created_at) AS newest FROM closed`,
    [userId, now],
  );
  return rows[0]?.newest ?? null;
}
