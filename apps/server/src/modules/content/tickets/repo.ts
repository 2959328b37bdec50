import type { TicketCategory, TicketPriority, TicketStatus } from '@app/contracts/tickets';
import { pageClause } from '../../../db/paging.js';
import type { Queryable } from '../../../db/pool.js';

export type Author = 'user' | 'admin';

export interface TicketRow {
  id: bigint;
  user_id: bigint;
  username: string;
  email: string;
  fullname: string;
  /** The member's language (issue 38): the reply mail is written in it. */
  locale: string | null;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  member_notified: boolean;
  first_message: string;
  response_count: number;
  last_reply_by: Author;
  last_reply_at: Date;
  closed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ResponseRow {
  id: bigint;
  ticket_id: bigint;
  author_role: Author;
  author_name: string | null;
  message: string;
  created_at: Date;
}

const SELECT = `
  SELECT t.*, u.username, u.email, u.fullname, u.locale,
         (SELECT r.message FROM ticket_responses r WHERE r.ticket_id = t.id ORDER BY r.id LIMIT 1) AS first_message,
         (SELECT count(*)::int FROM ticket_responses r WHERE r.ticket_id = t.id) AS response_count
    FROM tickets t JOIN users u ON u.id = t.user_id`;

export async function insert(
  q: Queryable,
  t: { userId: number; subject: string; category: string; priority: string; now: Date },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO tickets (user_id, subject, category, priority, last_reply_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5, $5) RETURNING id`,
    [t.userId, t.subject, t.category, t.priority, t.now],
  );
  return rows[0]!.id;
}

export async function insertResponse(
  q: Queryable,
  r: { ticketId: bigint | number; authorId: number; role: Author; message: string; now: Date },
) {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO ticket_responses (ticket_id, author_id, author_role, message, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [r.ticketId, r.authorId, r.role, r.message, r.now],
  );
  return rows[0]!.id;
}

export async function find(q: Queryable, id: number | bigint, lock = false): Promise<TicketRow | null> {
  const { rows } = await q.query<TicketRow>(`${SELECT} WHERE t.id = $1 ${lock ? 'FOR UPDATE OF t' : ''}`, [
    id,
  ]);
  return rows[0] ?? null;
}

export async function responses(q: Queryable, ticketId: number | bigint): Promise<ResponseRow[]> {
  const { rows } = await q.query<ResponseRow>(
    `SELECT r.id, r.ticket_id, r.author_role, u.username AS author_name, r.message, r.created_at
       FROM ticket_responses r LEFT JOIN users u ON u.id = r.author_id
      WHERE r.ticket_id = $1 ORDER BY r.id`,
    [ticketId],
  );
  return rows;
}

export interface ListFilter {
  page: number;
  limit: number;
  status?: TicketStatus | undefined;
  search?: string | undefined;
  userId?: number | undefined;
}

/** A page of tickets (open ones waiting longest first within a status is left to the filter) and counts per status. */
export async function list(q: Queryable, f: ListFilter) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.userId) where.push(`t.user_id = $${params.push(f.userId)}`);
  if (f.search) {
    const number = /^#?(\d{1,9})$/.exec(f.search);
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const p = params.push(like);
    where.push(
      `(t.subject ILIKE $${p} OR u.username ILIKE $${p} OR u.email ILIKE $${p}${
        number ? ` OR t.id = $${params.push(Number(number[1]))}` : ''
      })`,
    );
  }
  const base = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countRows = (
    await q.query<{ status: TicketStatus; n: number }>(
      `SELECT t.status, count(*)::int AS n FROM tickets t JOIN users u ON u.id = t.user_id ${base} GROUP BY t.status`,
      params,
    )
  ).rows;
  const counts = { open: 0, in_progress: 0, answered: 0, closed: 0 };
  for (const row of countRows) counts[row.status] = row.n;

  const listParams = [...params];
  const filter = f.status
    ? `${base ? `${base} AND` : 'WHERE'} t.status = $${listParams.push(f.status)}`
    : base;
  const total = f.status ? counts[f.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  const { rows } = await q.query<TicketRow>(
    `${SELECT} ${filter} ORDER BY t.last_reply_at DESC, t.id DESC ${pageClause(listParams, f)}`,
    listParams,
  );
  return { rows, total, counts };
}

export async function afterReply(
  q: Queryable,
  id: bigint,
  c: { by: Author; status: TicketStatus; memberNotified: boolean; now: Date },
) {
  await q.query(
    `UPDATE tickets SET last_reply_by = $2, last_reply_at = $3, updated_at = $3, status = $4, member_notified = $5
      WHERE id = $1`,
    [id, c.by, c.now, c.status, c.memberNotified],
  );
}

export async function setStatus(q: Queryable, id: bigint, status: TicketStatus, now: Date) {
  await q.query(
    `UPDATE tickets SET status = $2::text, updated_at = $3::timestamptz,
            closed_at = CASE WHEN $2::text = 'closed' THEN $3::timestamptz ELSE NULL END
      WHERE id = $1`,
    [id, status, now],
  );
}
