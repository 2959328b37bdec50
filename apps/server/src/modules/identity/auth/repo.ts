import type { AdminRole } from '@app/contracts/admins';
import { membersChanged, prepared, type Queryable } from '../../../db/pool.js';

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
  /** An admin's roles (empty for a member). */
  admin_roles: AdminRole[];
  /** The member's language for mail (issue 38); null: never chosen. */
  locale: string | null;
}

const AUTH_COLUMNS =
  'id, username, email, fullname, password_hash, role, status, refferal_code, verify_at, admin_roles, locale';

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

const sponsorByCodeSql = prepared(
  'auth_sponsor_by_code',
  `SELECT id, refferal_code, path::text AS path FROM users WHERE refferal_code = upper($1) AND role = 'user'`,
);

export async function findSponsorByCode(q: Queryable, code: string) {
  const { rows } = await q.query<{ id: bigint; refferal_code: string; path: string }>(
    sponsorByCodeSql([code]),
  );
  return rows[0] ?? null;
}

const insertUserSql = prepared(
  'auth_insert_user',
  `WITH new AS (SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id),
     member AS (
       INSERT INTO users (id, username, email, password_hash, fullname, phone, role, refferal_code,
                          reffer_by, sponsor_id, path, created_at, updated_at, admin_roles)
       OVERRIDING SYSTEM VALUE
       SELECT id, $1, $2, $3, $4, $5, $6, $7, $8, $9,
              CASE WHEN $6 = 'user'
                   THEN (CASE WHEN $11::text IS NULL THEN id::text ELSE $11::text || '.' || id::text END)::ltree
              END,
              $10, $10, $12::text[]
         FROM new
       RETURNING id, role
     ),
     joined AS (
       INSERT INTO tree_events (user_id, kind, ref_type, ref_id, created_at)
       SELECT id, 'joined', 'user', id::text, $10 FROM member WHERE role = 'user'
     )
     SELECT id FROM member`,
);

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
    /** An admin's roles; an admin without them is an owner (the first admin, `admin:create`). */
    adminRoles?: AdminRole[];
  },
): Promise<bigint> {
  // One statement: the id is taken first so the member's path (the sponsor's path plus their own id;
  // a root's path is just its id) is written with the row, together with the `joined` tree event the
  // team roll-up counts (a signup never writes its uplines' rows). Admins have no path and no event.
  const { rows } = await q.query<{ id: bigint }>(
    insertUserSql([
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
      u.role === 'admin' ? (u.adminRoles ?? ['owner']) : [],
    ]),
  );
  return rows[0]!.id;
}

/**
 * A member's signup as one statement, run on its own (PostgreSQL makes it atomic): the sponsor found
 * by code, the member row with its path and `joined` tree event (as insertUser), the session, and the
 * fraud fact of where it came from. A signup is the write a growing platform takes most, and each
 * statement of a transaction costs both processes a round trip of system calls; this is one.
 * Nothing is written when `sponsorCode` names no member, or when it is null and members exist
 * (only the first member joins without a sponsor: `users_single_root` settles two racing), or when
 * the email, the username or the code is taken: ON CONFLICT DO NOTHING, so a collision is an answer
 * to act on (draw again, or say the email is taken), not a failed statement to catch and log.
 */
const registerSql = prepared(
  'auth_register_member',
  `WITH sponsor AS (
     SELECT id, refferal_code, path FROM users WHERE refferal_code = upper($7) AND role = 'user'
   ), allowed AS (
     SELECT CASE WHEN $7::text IS NOT NULL THEN EXISTS (SELECT 1 FROM sponsor)
                 ELSE NOT EXISTS (SELECT 1 FROM users WHERE role = 'user') END AS ok
   ), new AS (
     SELECT nextval(pg_get_serial_sequence('users', 'id')) AS id FROM allowed WHERE ok
   ), member AS (
     INSERT INTO users (id, username, email, password_hash, fullname, phone, role, refferal_code,
                        reffer_by, sponsor_id, path, created_at, updated_at, locale)
     OVERRIDING SYSTEM VALUE
     SELECT new.id, $1, $2, $3, $4, $5, 'user', $6, s.refferal_code, s.id,
            CASE WHEN s.path IS NULL THEN new.id::text::ltree ELSE s.path || new.id::text END, $8, $8,
            $14::text
       FROM new LEFT JOIN sponsor s ON true
     ON CONFLICT DO NOTHING
     RETURNING id
   ), joined AS (
     INSERT INTO tree_events (user_id, kind, ref_type, ref_id, created_at)
     SELECT id, 'joined', 'user', id::text, $8 FROM member
   ), session AS (
     INSERT INTO sessions (user_id, audience, created_at, expires_at, ip, user_agent)
     SELECT id, 'member', $8, $9, $10, $11 FROM member
     RETURNING id
   ), fact AS (
     INSERT INTO member_facts (user_id, kind, ip_hash, device_hash, created_at)
     SELECT id, 'register', $12, $13, $8 FROM member WHERE $12::text IS NOT NULL
   )
   SELECT (SELECT ok FROM allowed) AS allowed, m.id, s.id AS session_id
     FROM (SELECT 1) AS one LEFT JOIN member m ON true LEFT JOIN session s ON true`,
);

export type Registered =
  | { outcome: 'joined'; id: bigint; sessionId: string }
  /** `sponsorCode` names no member, or it is null and the platform already has members. */
  | { outcome: 'refused' }
  | { outcome: 'emailTaken' }
  /** The drawn username or referral code belongs to someone: draw again. */
  | { outcome: 'identifierTaken' };

const takenSql = prepared(
  'auth_register_taken',
  `SELECT EXISTS (SELECT 1 FROM users WHERE email = $1) AS email,
          EXISTS (SELECT 1 FROM users WHERE role = 'user') AS members`,
);

export async function registerMember(
  q: Queryable,
  m: {
    username: string;
    email: string;
    passwordHash: string;
    fullname: string;
    phone: string;
    refferalCode: string;
    sponsorCode: string | null;
    now: Date;
    session: { expireAt: Date; ip: string | null; userAgent: string | null };
    fact: { ipHash: string; deviceHash: string } | null;
    /** The member's language (issue 38), or null when neither they nor their browser named one we ship. */
    locale?: string | null;
  },
): Promise<Registered> {
  const { rows } = await q.query<{ allowed: boolean; id: bigint | null; session_id: string | null }>(
    registerSql([
      m.username,
      m.email,
      m.passwordHash,
      m.fullname,
      m.phone,
      m.refferalCode,
      m.sponsorCode,
      m.now,
      m.session.expireAt,
      m.session.ip,
      m.session.userAgent,
      m.fact?.ipHash ?? null,
      m.fact?.deviceHash ?? null,
      m.locale ?? null,
    ]),
  );
  const row = rows[0]!;
  if (!row.allowed) return { outcome: 'refused' };
  if (row.id !== null) return { outcome: 'joined', id: row.id, sessionId: row.session_id! };
  // a unique index said no: a fresh statement sees the row that took it (committed by then)
  const taken = (await q.query<{ email: boolean; members: boolean }>(takenSql([m.email]))).rows[0]!;
  if (taken.email) return { outcome: 'emailTaken' };
  if (m.sponsorCode === null && taken.members) return { outcome: 'refused' };
  return { outcome: 'identifierTaken' };
}

/**
 * What a member's sign-in writes once the password is right, as one statement (PostgreSQL makes it
 * atomic, as the transaction of an admin's sign-in is): the account's throttle forgotten, the last
 * login, the fraud fact of where it came from (none when `fact` is null), and the session row, whose
 * id it answers. One round trip instead of six (BEGIN, four statements, COMMIT): a sign-in is bound
 * by argon2id, and each round trip costs both processes CPU the hashes need (docs/decisions/identity.md, sign-in).
 */
const startMemberSessionSql = prepared(
  'auth_start_member_session',
  `WITH cleared AS (
     DELETE FROM login_throttle WHERE account_key = $2
   ), touched AS (
     UPDATE users SET last_login = $3 WHERE id = $1
   ), fact AS (
     INSERT INTO member_facts (user_id, kind, ip_hash, device_hash, created_at)
     SELECT $1, 'signin', $7, $8, $3 WHERE $7::text IS NOT NULL
   )
   INSERT INTO sessions (user_id, audience, created_at, expires_at, ip, user_agent)
   VALUES ($1, 'member', $3, $4, $5, $6) RETURNING id`,
);

export async function startMemberSession(
  q: Queryable,
  s: {
    userId: bigint;
    throttleKey: string;
    now: Date;
    session: { expireAt: Date; ip: string | null; userAgent: string | null };
    fact: { ipHash: string; deviceHash: string } | null;
  },
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    startMemberSessionSql([
      s.userId,
      s.throttleKey,
      s.now,
      s.session.expireAt,
      s.session.ip,
      s.session.userAgent,
      s.fact?.ipHash ?? null,
      s.fact?.deviceHash ?? null,
    ]),
  );
  membersChanged(q, [s.userId]);
  return rows[0]!.id;
}

export async function touchLastLogin(q: Queryable, id: bigint, at: Date) {
  await q.query('UPDATE users SET last_login = $2 WHERE id = $1', [id, at]);
  membersChanged(q, [id]);
}

export interface ThrottleRule {
  /** Failures allowed before any delay. */
  freeFails: number;
  /** The longest delay, in ms; delays double from 1 s up to it. */
  maxDelayMs: number;
  /** A counter left alone this long starts again from zero. */
  forgetAfterMs: number;
}

/**
 * SQL of when the next attempt is looked at, `fails` failures after an attempt at `at`: at once for
 * the free ones (-infinity, so requests that read the clock a moment apart never hold each other),
 * then 1 s, 2 s, 4 s... up to the cap.
 */
const nextAttemptAt = (at: string, fails: string, free: string, cap: string) =>
  `(CASE WHEN ${fails} >= ${free}
         THEN ${at}::timestamptz + LEAST(1000 * 2 ^ LEAST(${fails} - ${free}, 30), ${cap}) * interval '1 millisecond'
         ELSE '-infinity'::timestamptz END)`;

/**
 * Counts a sign-in attempt on `key` before it is checked, unless the account is in its delay: then
 * nothing changes and the answer is when the next attempt will be looked at. Counting first (one
 * row lock) means a burst of parallel attempts cannot all pass as "free"; a success deletes the row.
 */
export async function claimSigninAttempt(
  q: Queryable,
  key: string,
  now: Date,
  rule: ThrottleRule,
): Promise<{ allowed: true } | { allowed: false; nextAt: Date }> {
  const fails = `(CASE WHEN t.last_at < $2::timestamptz - $5 * interval '1 millisecond' THEN 1 ELSE t.fails + 1 END)`;
  // The row can change between the two statements: a success deletes it and another attempt makes
  // it again, free ('-infinity', which pg reads as the number -Infinity, not a Date: the 500 of issue
  // 29.19). Only a delay still running holds the attempt; otherwise it is tried again, so it is
  // always either counted or held until a real, future time.
  for (let tries = 0; tries < MAX_CLAIM_TRIES; tries++) {
    const { rows } = await q.query<{ fails: number }>(
      `INSERT INTO login_throttle AS t (account_key, fails, last_at, next_at)
       VALUES ($1, 1, $2, ${nextAttemptAt('$2', '1', '$3', '$4')})
       ON CONFLICT (account_key) DO UPDATE SET
         fails = ${fails},
         last_at = GREATEST(t.last_at, $2),
         next_at = ${nextAttemptAt('$2', fails, '$3', '$4')}
       WHERE t.next_at <= $2
       RETURNING fails`,
      [key, now, rule.freeFails, rule.maxDelayMs, rule.forgetAfterMs],
    );
    if (rows[0]) return { allowed: true };
    const held = await q.query<{ next_at: Date }>(
      'SELECT next_at FROM login_throttle WHERE account_key = $1 AND next_at > $2',
      [key, now],
    );
    if (held.rows[0]) return { allowed: false, nextAt: held.rows[0].next_at };
  }
  // the account's row changed under every try (a storm of sign-ins to one account): a moment's wait
  return { allowed: false, nextAt: new Date(now.getTime() + 1000) };
}

/** Tries of one claim while the account's row keeps changing between its two statements. */
const MAX_CLAIM_TRIES = 5;

/**
 * Takes back the count of an attempt that turned out right but is not finished (the password of an
 * admin who still has to give their TOTP code): the code step is counted on its own.
 */
export async function refundSigninAttempt(q: Queryable, key: string, rule: ThrottleRule) {
  await q.query(
    `UPDATE login_throttle SET fails = GREATEST(fails - 1, 0),
            next_at = ${nextAttemptAt('last_at', 'GREATEST(fails - 1, 0)', '$2', '$3')}
      WHERE account_key = $1`,
    [key, rule.freeFails, rule.maxDelayMs],
  );
}

/** A successful sign-in forgets the failures of its account. */
export async function clearSigninAttempts(q: Queryable, key: string) {
  await q.query('DELETE FROM login_throttle WHERE account_key = $1', [key]);
}

/**
 * Spends an admin's second-step ticket inside the transaction that opens its session: true the
 * first time; false once spent, also for a use racing this one (it waits on the key, then finds it
 * taken). The admin's expired ones are dropped on the way, so the table holds minutes of tickets.
 */
export async function spendTotpTicket(
  q: Queryable,
  ticket: { userId: number; id: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await q.query('DELETE FROM admin_signin_tickets_used WHERE admin_id = $1 AND expires_at < $2', [
    ticket.userId,
    now,
  ]);
  const { rowCount } = await q.query(
    `INSERT INTO admin_signin_tickets_used (ticket_id, admin_id, used_at, expires_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (ticket_id) DO NOTHING`,
    [ticket.id, ticket.userId, now, ticket.expiresAt],
  );
  return rowCount === 1;
}
