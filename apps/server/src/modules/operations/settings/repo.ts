import { prepared, type Queryable } from '../../../db/pool.js';

const readAllSql = prepared('settings_read_all', 'SELECT key, value FROM settings');

export async function readAll(q: Queryable): Promise<Record<string, unknown>> {
  const { rows } = await q.query<{ key: string; value: unknown }>(readAllSql([]));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsert(q: Queryable, values: Record<string, unknown>, now: Date) {
  for (const [key, value] of Object.entries(values)) {
    await q.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [key, JSON.stringify(value), now],
    );
  }
}
