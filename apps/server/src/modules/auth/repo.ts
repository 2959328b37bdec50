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
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO users (username, email, password_hash, fullname, phone, role, refferal_code,
                        reffer_by, sponsor_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
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
    ],
  );
  const id = rows[0]!.id;
  if (u.role === 'user') {
    // the member's path is the sponsor's path plus their own id; a root's path is just its id
    await q.query(
      `UPDATE users SET path = (CASE WHEN $2::text IS NULL THEN $1::text ELSE $2::text || '.' || $1::text END)::ltree
        WHERE id = $1`,
      [id, u.sponsor?.path ?? null],
    );
  }
  return id;
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
