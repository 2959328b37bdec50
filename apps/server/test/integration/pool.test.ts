/**
 * The pool keeps a connection the database only refused a statement on (pg-pool's own `query` would
 * drop it, and each replacement is a new backend), and still drops one that is gone; a transaction
 * on generic plans (member money actions) sets them for itself only.
 */
import { expect, inject, it } from 'vitest';
import { createPool, withTx } from '../../src/db/pool.js';
import { withDatabase } from '../global-setup.js';

const backend = async (db: ReturnType<typeof createPool>) =>
  (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

it('keeps its connection through refused statements and replaces one that was terminated', async () => {
  const db = createPool(withDatabase(inject('pgServerUrl'), 'postgres'), 1);
  try {
    const first = await backend(db);
    // refused input of several kinds, as hostile requests or racing inserts would cause
    for (const sql of ['SELECT 1 / 0', "SELECT 'x'::int", 'SELECT * FROM no_such_table']) {
      await expect(db.query(sql)).rejects.toMatchObject({ code: expect.any(String) });
    }
    expect(await backend(db)).toBe(first);
    expect(db.totalCount).toBe(1);

    // the connection ended by an operator: the failing query drops it and the next gets a new one
    await expect(db.query('SELECT pg_terminate_backend(pg_backend_pid())')).rejects.toThrow();
    const next = await backend(db);
    expect(next).not.toBe(first);
  } finally {
    await db.end();
  }
});

it('runs a transaction on generic plans when asked, and leaves the connection as it was', async () => {
  // one connection: every transaction and query below runs on the same backend
  const db = createPool(withDatabase(inject('pgServerUrl'), 'postgres'), 1);
  const mode = async (q: Pick<typeof db, 'query'>) =>
    (
      await q.query<{ mode: string }>(
        `SELECT current_setting('plan_cache_mode') || ' ' || current_setting('enable_seqscan') AS mode`,
      )
    ).rows[0]!.mode;
  try {
    expect(await withTx(db, mode, { genericPlans: true })).toBe('force_generic_plan off');
    expect(await mode(db)).toBe('auto on');
    expect(await withTx(db, mode)).toBe('auto on');
    // a transaction that rolls back does not leave it set either
    await expect(
      withTx(
        db,
        async (tx) => {
          await tx.query('SELECT 1 / 0');
        },
        { genericPlans: true },
      ),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await mode(db)).toBe('auto on');
  } finally {
    await db.end();
  }
});
