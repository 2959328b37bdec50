/**
 * Separation of duties at admin level (issue 36): an admin whose account was made less than
 * SECOND_EYES_MIN_HOURS ago (by an accepted invitation, the first start or `admin:create`) cannot be
 * either pair of eyes of a four-eyes step. Without it an owner finished four eyes alone: they
 * invited a finance account they controlled, accepted it and approved at once. The day gives the
 * other owners, who are told when anyone gets finance (notify.ts), time to look.
 *
 * One rule for every four-eyes path: `assertMayApproveAsSecond` in a service, `adminOldEnoughSql`
 * in a query that must count only seasoned admins. Both take the injected clock's time.
 */
import { SECOND_EYES_MIN_HOURS } from '@app/contracts/approvals';
import type { Queryable } from '../../../db/pool.js';
import { conflict } from '../../../errors.js';

const HOUR_MS = 3600_000;

/** When an admin joined the team (their account was made); null when `adminId` is no admin. */
export async function adminSince(q: Queryable, adminId: number): Promise<Date | null> {
  const { rows } = await q.query<{ created_at: Date }>(
    `SELECT created_at FROM users WHERE id = $1 AND role = 'admin'`,
    [adminId],
  );
  return rows[0]?.created_at ?? null;
}

/** The first moment an admin who joined at `since` may be a pair of eyes. */
export const secondEyesFrom = (since: Date) => new Date(since.getTime() + SECOND_EYES_MIN_HOURS * HOUR_MS);

const utcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Throws 409 when `adminId` joined less than SECOND_EYES_MIN_HOURS before `now` (or is no admin):
 * the message says until when, and that another admin must do it.
 */
export async function assertMayApproveAsSecond(q: Queryable, adminId: number, now: Date): Promise<void> {
  const since = await adminSince(q, adminId);
  const ready = since ? secondEyesFrom(since) : null;
  if (ready && ready <= now) return;
  throw conflict(
    `Your admin account is less than ${SECOND_EYES_MIN_HOURS} hours old${ready ? ` (until ${utcMinute(ready)})` : ''}: another admin must be the second pair of eyes`,
  );
}

/**
 * The same rule as a SQL condition on a `users` row aliased `alias`, against the time bound to
 * `nowParam` (e.g. `adminOldEnoughSql('u', '$2')` with the clock's now as $2).
 */
export const adminOldEnoughSql = (alias: string, nowParam: string) =>
  `${alias}.created_at <= ${nowParam}::timestamptz - make_interval(hours => ${SECOND_EYES_MIN_HOURS})`;
