// Builds the benchmark tree in SQL: TREE_SIZE members, each under a random earlier member (a random
// recursive tree: early members recruit most, depth about 2.7 ln N), plus long legs: chains of
// LEG_LENGTH members, each under the previous, that later members keep joining below. Members get
// users rows with their ltree path, `joined` tree events, and about a third a plan purchase (a
// `principal` account, a top-up row, `invested` and `activated` events), as the product writes them.
import type pg from 'pg';

export const LEGS = 8;
export const LEG_LENGTH = 40;

export interface BuiltTree {
  size: number;
  maxDepth: number;
  avgDepth: number;
  purchases: number;
  seconds: number;
  /** Seconds per step of the build. */
  steps: Record<string, number>;
}

/** Indexes of users that a bulk load is faster to build after the rows (same definitions as the migrations). */
const LATE_INDEXES = [
  'CREATE INDEX users_path_gist ON users USING gist (path)',
  'CREATE INDEX users_sponsor ON users (sponsor_id)',
  'CREATE INDEX users_created ON users (created_at)',
  'CREATE INDEX users_username_prefix ON users (lower(username) text_pattern_ops)',
];

export async function buildTree(db: pg.Pool, size: number): Promise<BuiltTree> {
  const t0 = performance.now();
  const steps: Record<string, number> = {};
  let mark = t0;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = round((now - mark) / 1000);
    mark = now;
  };
  const c = await db.connect();
  try {
    await c.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'`);
    await c.query('SELECT setseed(0.42)');
    // parent of each member: the start of a leg hangs under a random member, the rest of a leg under
    // the member before; everyone else under a uniformly random earlier member
    await c.query(
      `CREATE UNLOGGED TABLE bench_tree AS
       SELECT g AS id,
              CASE WHEN g = 1 THEN NULL
                   WHEN (g - 2) % $2 < $3 AND (g - 2) % $2 > 0 AND g > $2 THEN g - 1
                   ELSE 1 + floor(random() * (g - 1))::bigint END AS parent
         FROM generate_series(1, $1::bigint) g`,
      [size, Math.max(Math.floor(size / LEGS), LEG_LENGTH * 2), LEG_LENGTH],
    );
    step('parents');
    await c.query('CREATE INDEX ON bench_tree (parent)');
    await c.query('ANALYZE bench_tree');
    await c.query(
      `CREATE UNLOGGED TABLE bench_paths AS
       WITH RECURSIVE p AS (
         SELECT id, parent, id::text::ltree AS path FROM bench_tree WHERE parent IS NULL
         UNION ALL
         SELECT t.id, t.parent, p.path || t.id::text FROM p JOIN bench_tree t ON t.parent = p.id
       ) SELECT * FROM p`,
    );
    step('paths');

    await c.query('BEGIN');
    // synthetic rows, consistent by construction: no per-row foreign-key trigger checks while loading
    await c.query(`SET LOCAL session_replication_role = replica`);
    for (const index of LATE_INDEXES) await c.query(`DROP INDEX ${index.split(' ')[2]}`);
    const planId = (
      await c.query<{ id: number }>(
        `INSERT INTO plans (name, min_amount, max_amount) VALUES ('Bench', 10000000, 100000000000) RETURNING id`,
      )
    ).rows[0]!.id;
    // joined over the last year, in id order; every third member holds a plan of 100..5,000 USDT
    await c.query(
      `INSERT INTO users (id, username, email, password_hash, fullname, phone, role, refferal_code,
                          reffer_by, sponsor_id, path, is_active, plan_id, activation_date, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT b.id, 'm' || b.id, 'm' || b.id || '@bench.local', 'x', 'Member ' || b.id, '5550000', 'user',
              'B' || b.id, CASE WHEN b.parent IS NULL THEN NULL ELSE 'B' || b.parent END, b.parent, b.path,
              CASE WHEN b.id % 3 = 0 THEN 'active' ELSE 'inactive' END,
              CASE WHEN b.id % 3 = 0 THEN $2::int END, CASE WHEN b.id % 3 = 0 THEN ts END, ts, ts
         FROM (SELECT *, now() - interval '365 days' + (id * interval '365 days' / $1::bigint) AS ts
                 FROM bench_paths) b
        ORDER BY b.id`,
      [size, planId],
    );
    step('users');
    for (const index of LATE_INDEXES) await c.query(index);
    step('indexes');
    await c.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [size + 1]);
    await c.query(
      `CREATE UNLOGGED TABLE bench_buys AS
       SELECT id AS user_id, (100 + (id * 7919) % 4901)::bigint * 1000000 AS amount, created_at
         FROM users WHERE role = 'user' AND is_active = 'active'`,
    );
    await c.query(
      `INSERT INTO ledger_accounts (owner_user_id, kind, balance) SELECT user_id, 'principal', amount FROM bench_buys`,
    );
    await c.query(
      `INSERT INTO topups (kind, payer_id, user_id, plan_id, amount, created_at)
       SELECT 'purchase', user_id, user_id, $1, amount, created_at FROM bench_buys`,
      [planId],
    );
    step('purchases');
    // the events the product writes: joined at registration, invested + activated at a first purchase
    await c.query(
      `INSERT INTO tree_events (user_id, kind, amount, ref_type, ref_id, created_at)
       SELECT u.id, 'joined', 0, 'user', u.id::text, u.created_at FROM users u WHERE u.role = 'user' ORDER BY u.id`,
    );
    await c.query(
      `INSERT INTO tree_events (user_id, kind, amount, ref_type, ref_id, created_at)
       SELECT b.user_id, e.kind, CASE WHEN e.kind = 'invested' THEN b.amount ELSE 0 END, 'topup',
              b.user_id::text, b.created_at + interval '1 hour'
         FROM bench_buys b CROSS JOIN (VALUES ('invested'), ('activated')) e(kind) ORDER BY b.user_id`,
    );
    await c.query('COMMIT');
    step('events');
    await c.query('ANALYZE');
    step('analyze');
    const shape = (
      await c.query<{ max: number; avg: string; buys: number }>(
        `SELECT max(nlevel(path)) - 1 AS max, round(avg(nlevel(path) - 1), 1)::text AS avg,
                (SELECT count(*)::int FROM bench_buys) AS buys FROM bench_paths`,
      )
    ).rows[0]!;
    await c.query('DROP TABLE bench_tree, bench_paths, bench_buys');
    return {
      size,
      maxDepth: shape.max,
      avgDepth: Number(shape.avg),
      purchases: shape.buys,
      seconds: round((performance.now() - t0) / 1000),
      steps,
    };
  } finally {
    c.release();
  }
}

/** Team figures of one member the slow way: a recursive CTE over sponsor_id and the source tables. */
export async function cteFigures(db: pg.Pool, userId: number) {
  const t0 = performance.now();
  const { rows } = await db.query<{ team_count: number; active_team: number; team_business: string }>(
    `WITH RECURSIVE team AS (
       SELECT id FROM users WHERE sponsor_id = $1
       UNION ALL
       SELECT u.id FROM users u JOIN team t ON u.sponsor_id = t.id
     )
     SELECT count(*)::int AS team_count,
            count(*) FILTER (WHERE u.is_active = 'active')::int AS active_team,
            coalesce(sum(a.plan) FILTER (WHERE u.is_active = 'active'), 0)::text AS team_business
       FROM team t JOIN users u ON u.id = t.id
       LEFT JOIN LATERAL (SELECT sum(balance - pending) AS plan FROM accounts
                           WHERE coalesce(owner_user_id, 0) = u.id AND kind IN ('principal', 'compound')) a ON true`,
    [userId],
  );
  return { ms: round(performance.now() - t0), figures: rows[0]! };
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));
