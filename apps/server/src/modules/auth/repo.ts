import type { Queryable } from '../../db/pool.js';

export interface AuthUserRow {
  id: bigint;
  username: string;
  email: string;
  fullname: string;
  password_hash: string;
  role: 'user' | 'admin';
  status: 'unblock' | 'block';
  refferal_code: string;
  verify_at: Date | null;
}

const AUTH_COLUMNS = 'id, username, email, fullname, password_hash, role, status, refferal_code, verify_at';

export async function findByLogin(q: Queryable, login: string): Promise<AuthUserRow | null> {
  const { rows } = await q.query<AuthUserRow>(
    `SELECT ${AUTH_COLUMNS} FROM users WHERE email = lower($1) OR lower(username) = lower($1) LIMIT 1`,
    [login],
  );
  return rows[0] ?? null;
}

export async function findById(q: Queryable, id: number, lock = false): Promise<AuthUserRow | null> {
  const { rows } = await q.query<AuthUserRow>(
    `SELECT ${AUTH_COLUMNS} FROM users WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findSponsorByCode(q: Queryable, code: string) {
  const { rows } = await q.query<{ id: bigint; refferal_code: string; path: string }>(
    `SELECT id, refferal_code, path::text AS path FROM users WHERE refferal_code = upper($1) AND role = 'user'`,
    [code],
  );
  return rows[0] ?? null;
}

export async function memberCount(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'user'`);
  return rows[0]!.n;
}

export async function insertUser(
  q: Queryable,
  u: {
    username: string;
    email: string;
    passwordHash: string;
    fullname: string;
    phone: string;
    role: 'user' | 'admin';
    refferalCode: string;
    sponsor: { id: bigint; refferal_code: string; path: string } | null;
    now: Date;
  },
): Promise<bigint> {
  // One statement: the id is taken first so the member's path (the sponsor's path plus their own id;
  // a root's path is just its id) is written with the row, together with the `joined` tree event the
  // team roll-up counts (a signup never writes its uplines' rows). Admins have no path and no event.
  const { rows } = await q.query<{ id: bigint }>(
    `WITH new AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id),
     member AS (
       INSERT INTO users (id, username, email, password_hash, fullname, phone, role, refferal_code,
                          reffer_by, sponsor_id, path, created_at, updated_at)
       OVERRIDING SYSTEM VALUE
       SELECT id, $1, $2, $3, $4, $5, $6, $7, $8, $9,
              CASE WHEN $6 = 'user'
                   THEN (CASE WHEN $11::text IS NULL THEN id::text ELSE $11::text || '.' || id::text END)::ltree
              END,
              $10, $10
         FROM new
       RETURNING id, role
     ),
     joined AS (
       INSERT INTO tree_events (user_id, kind, ref_type, ref_id, created_at)
       SELECT id, 'joined', 'user', id::text, $10 FROM member WHERE role = 'user'
     )
     SELECT id FROM member`,
    [
      u.username,
      u.email,
      u.passwordHash,
      u.fullname,
      u.phone,
      u.role,
      u.refferalCode,
      u.sponsor?.refferal_code ?? null,
      u.sponsor?.id ?? null,
      u.now,
      u.sponsor?.path ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function touchLastLogin(q: Queryable, id: bigint, at: Date) {
  await q.query('UPDATE users SET last_login = $2 WHERE id = $1', [id, at]);
}

export async function recentFailures(q: Queryable, account: string, since: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_failures WHERE account = lower($1) AND at > $2',
    [account, since],
  );
  return rows[0]!.n;
}

export async function recordFailure(q: Queryable, account: string, ip: string, at: Date) {
  await q.query('INSERT INTO login_failures (account, ip, at) VALUES (lower($1), $2, $3)', [account, ip, at]);
}

export async function clearFailures(q: Queryable, accounts: string[]) {
  await q.query('DELETE FROM login_failures WHERE account = ANY($1)', [accounts.map((a) => a.toLowerCase())]);
}
