import type { NotificationType } from '@app/contracts/notifications';
import { type PageRequest, pageClause } from '../../../db/paging.js';
import { prepared, type Queryable } from '../../../db/pool.js';
import { localeOrDefault, type Text, t } from '../../../i18n/index.js';

export interface NotificationRow {
  id: bigint;
  title: string;
  message: string;
  users: boolean;
  type: NotificationType;
  recipients: bigint[];
  seen_count: number;
  created_at: Date;
}

export interface MemberNotificationRow {
  id: bigint;
  title: string;
  message: string;
  users: boolean;
  type: NotificationType;
  seen_at: Date | null;
  created_at: Date;
}

export interface BannerRow {
  id: bigint;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Date;
}

const ADMIN_SELECT = `
  SELECT n.id, n.title, n.message, n.users, n.type, n.created_at,
         coalesce((SELECT array_agg(r.user_id ORDER BY r.user_id) FROM notification_recipients r
                    WHERE r.notification_id = n.id), '{}') AS recipients,
         (SELECT count(*)::int FROM notification_seen s WHERE s.notification_id = n.id) AS seen_count
    FROM notifications n`;

export async function insert(
  q: Queryable,
  n: { title: string; message: string; users: boolean; type: NotificationType; by: number; now: Date },
): Promise<bigint> {
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO notifications (title, message, users, type, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [n.title, n.message, n.users, n.type, n.by, n.now],
  );
  return rows[0]!.id;
}

/** Adds the recipients that are members; answers how many were added (fewer means unknown ids). */
export async function addRecipients(q: Queryable, id: bigint, userIds: number[]): Promise<number> {
  const { rowCount } = await q.query(
    `INSERT INTO notification_recipients (notification_id, user_id)
     SELECT $1, u.id FROM users u WHERE u.id = ANY($2::bigint[]) AND u.role = 'user'`,
    [id, userIds],
  );
  return rowCount ?? 0;
}

export async function find(q: Queryable, id: number | bigint): Promise<NotificationRow | null> {
  return (await q.query<NotificationRow>(`${ADMIN_SELECT} WHERE n.id = $1`, [id])).rows[0] ?? null;
}

/** What admins wrote (the members' own event notifications are theirs, not the admin's list). */
export async function list(q: Queryable, f: PageRequest) {
  const total = (
    await q.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE event_key IS NULL')
  ).rows[0]!.n;
  const params: unknown[] = [];
  const { rows } = await q.query<NotificationRow>(
    `${ADMIN_SELECT} WHERE n.event_key IS NULL ORDER BY n.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, total };
}

export async function remove(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM notifications WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/** Notifications one member may see: those to every member, and those naming them as a recipient. */
// the broadcasts (few) and the member's own, each through its index: the cost follows what the
// member may see, not every member's event notifications
const VISIBLE = `
  FROM notifications n
  LEFT JOIN notification_seen s ON s.notification_id = n.id AND s.user_id = $1
 WHERE n.id IN (SELECT id FROM notifications WHERE users
                UNION ALL SELECT notification_id FROM notification_recipients WHERE user_id = $1)`;

export async function listForMember(q: Queryable, userId: number, f: PageRequest & { unseen?: boolean }) {
  const filter = f.unseen ? `${VISIBLE} AND s.seen_at IS NULL` : VISIBLE;
  const counts = (
    await q.query<{ total: number; unread: number }>(
      `SELECT count(*) FILTER (WHERE ${f.unseen ? 's.seen_at IS NULL' : 'true'})::int AS total,
              count(*) FILTER (WHERE s.seen_at IS NULL)::int AS unread ${VISIBLE}`,
      [userId],
    )
  ).rows[0]!;
  const params: unknown[] = [userId];
  const { rows } = await q.query<MemberNotificationRow>(
    `SELECT n.id, n.title, n.message, n.users, n.type, n.created_at, s.seen_at ${filter}
      ORDER BY n.id DESC ${pageClause(params, f)}`,
    params,
  );
  return { rows, ...counts };
}

export async function isVisibleTo(q: Queryable, id: number, userId: number): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 ${VISIBLE} AND n.id = $2`, [userId, id]);
  return rows.length > 0;
}

/** Marks seen once; a second call keeps the first time. Answers the time it was seen. */
export async function markSeen(q: Queryable, id: number, userId: number, now: Date): Promise<Date> {
  // DO UPDATE (to the same value) rather than DO NOTHING, so the row comes back either way.
  const { rows } = await q.query<{ seen_at: Date }>(
    `INSERT INTO notification_seen (notification_id, user_id, seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, notification_id) DO UPDATE SET seen_at = notification_seen.seen_at
     RETURNING seen_at`,
    [id, userId, now],
  );
  return rows[0]!.seen_at;
}

export async function insertBanner(
  q: Queryable,
  b: { fileName: string; contentType: string; size: number; sha256: string; by: number; now: Date },
): Promise<BannerRow> {
  const { rows } = await q.query<BannerRow>(
    `INSERT INTO banners (file_name, content_type, size, sha256, uploaded_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, file_name, content_type, size, created_at`,
    [b.fileName, b.contentType, b.size, b.sha256, b.by, b.now],
  );
  return rows[0]!;
}

/** Removes every banner but `keep`, answering the names of their pictures (removed with them). */
export async function removeOtherBanners(q: Queryable, keep: bigint): Promise<string[]> {
  const { rows } = await q.query<{ file_name: string }>(
    'DELETE FROM banners WHERE id <> $1 RETURNING file_name',
    [keep],
  );
  return rows.map((r) => r.file_name);
}

export async function currentBanner(q: Queryable): Promise<BannerRow | null> {
  const { rows } = await q.query<BannerRow>(
    `SELECT id, file_name, content_type, size, created_at FROM banners
      ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

export interface MemberEvent {
  /** Names the event (`deposit:admin:12`): the same event notifies once, however often it runs. */
  key: string;
  userId: number;
  title: string;
  message: string;
  /** The money of the event, for `minimum` (micro-units). */
  amount?: bigint;
  /**
   * The title and message as catalog messages (issue 38): written in the member's language when
   * they chose one other than English; `title` and `message` above are the English.
   */
  text?: { title: Text; message: Text };
}

const localesSql = prepared(
  'notifications_member_locales',
  `SELECT id, locale FROM users WHERE id = ANY($1::bigint[]) AND locale IS NOT NULL AND locale <> 'en'`,
);

/** The events in each member's language: one read of the members' locales, only when one is not English. */
async function inMemberLanguage(q: Queryable, events: MemberEvent[]): Promise<MemberEvent[]> {
  const ids = [...new Set(events.filter((e) => e.text).map((e) => e.userId))];
  if (ids.length === 0) return events;
  const { rows } = await q.query<{ id: bigint; locale: string }>(localesSql([ids]));
  if (rows.length === 0) return events;
  const locales = new Map(rows.map((r) => [Number(r.id), localeOrDefault(r.locale)]));
  return events.map((e) => {
    const locale = locales.get(e.userId);
    if (!locale || !e.text) return e;
    return { ...e, title: t(locale, e.text.title), message: t(locale, e.text.message) };
  });
}

// prepared: every income notifies its member, so it runs in every claim and purchase (planned once)
const notifyMembersSql = prepared(
  'notifications_notify_members',
  `WITH x AS (
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::bigint[])
              AS x(key, user_id, title, message, amount)
      WHERE NOT $7::boolean OR x.amount >= coalesce(
              (SELECT u.income_notify_min FROM users u WHERE u.id = x.user_id),
              round(coalesce(
                (SELECT (value #>> '{}')::numeric FROM settings WHERE key = 'income_notify_min'), $8::numeric)
                * 1000000))
   ), n AS (
     INSERT INTO notifications (title, message, users, type, created_at, event_key)
     SELECT title, message, false, 'notification', $6, key FROM x
     ON CONFLICT (event_key) DO NOTHING
     RETURNING id, event_key
   )
   INSERT INTO notification_recipients (notification_id, user_id)
   SELECT n.id, x.user_id FROM n JOIN x ON x.key = n.event_key`,
);

/**
 * Notifies members of events of their own money, in the caller's transaction (so a notification
 * exists exactly when its event committed). With `minimum: 'income'`, only events of at least the
 * member's own minimum (users.income_notify_min, micro-units) or, when they chose none, the
 * `income_notify_min` setting (USDT) are written; both are read in the same statement.
 */
export async function notifyMembers(
  q: Queryable,
  events: MemberEvent[],
  now: Date,
  opts: { minimum?: 'income'; defaultMinimum?: number } = {},
): Promise<void> {
  if (events.length === 0) return;
  events = await inMemberLanguage(q, events);
  await q.query(
    notifyMembersSql([
      events.map((e) => e.key),
      events.map((e) => e.userId),
      events.map((e) => e.title),
      events.map((e) => e.message),
      events.map((e) => e.amount ?? 0n),
      now,
      opts.minimum === 'income',
      opts.defaultMinimum ?? 0,
    ]),
  );
}

/** A member's own minimum for income notifications (micro-units; null: the platform's). */
export async function incomeNotifyMin(q: Queryable, userId: number): Promise<bigint | null | undefined> {
  const { rows } = await q.query<{ income_notify_min: bigint | null }>(
    `SELECT income_notify_min FROM users WHERE id = $1 AND role = 'user'`,
    [userId],
  );
  return rows[0] ? rows[0].income_notify_min : undefined;
}

export async function setIncomeNotifyMin(q: Queryable, userId: number, value: bigint | null, now: Date) {
  await q.query('UPDATE users SET income_notify_min = $2, updated_at = $3 WHERE id = $1', [
    userId,
    value,
    now,
  ]);
}
