import { prepared, type Queryable } from '../../../db/pool.js';

export interface WindowCount {
  hits: number;
  resetAt: Date;
}

const hitSql = prepared(
  'limits_hit',
  `INSERT INTO rate_limits AS r (key, hits, reset_at)
   VALUES ($1, 1, $2::timestamptz + $3 * interval '1 millisecond')
   ON CONFLICT (key) DO UPDATE SET
     hits = CASE WHEN r.reset_at <= $2 THEN 1 ELSE LEAST(r.hits + 1, 2147483647) END,
     reset_at = CASE WHEN r.reset_at <= $2 THEN EXCLUDED.reset_at ELSE r.reset_at END
   RETURNING hits, reset_at`,
);

/**
 * Counts one hit on `key` in a fixed window that starts with the first hit and lasts `windowMs`.
 * One statement, so two instances hitting the same key at once both count: the row lock orders them.
 */
export async function hit(q: Queryable, key: string, windowMs: number, now: Date): Promise<WindowCount> {
  const { rows } = await q.query<{ hits: number; reset_at: Date }>(hitSql([key, now, windowMs]));
  return { hits: rows[0]!.hits, resetAt: rows[0]!.reset_at };
}

/** The count of an open window without counting; null when none is open. */
export async function read(q: Queryable, key: string, now: Date): Promise<WindowCount | null> {
  const { rows } = await q.query<{ hits: number; reset_at: Date }>(
    'SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2',
    [key, now],
  );
  return rows[0] ? { hits: rows[0].hits, resetAt: rows[0].reset_at } : null;
}

export async function clear(q: Queryable, keys: string[]) {
  await q.query('DELETE FROM rate_limits WHERE key = ANY($1)', [keys]);
}

/** Drops closed windows; a closed window and a missing row count the same. */
export async function purgeClosed(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM rate_limits WHERE reset_at <= $1', [now]);
  return rowCount ?? 0;
}
