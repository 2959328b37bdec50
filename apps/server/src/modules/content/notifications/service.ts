import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { NOTIFY_PREFS_MSG, type NotificationPrefs } from '@app/contracts/notification-prefs';
import {
  type Banner,
  HOME_LIMIT,
  NOTIFICATION_MSG,
  type notificationCreateBody,
} from '@app/contracts/notifications';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type PageRequest, pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { readImage, removeImages, saveImage, toImage } from '../../../storage/images.js';
import { findById } from '../../identity/auth/repo.js';
import { readSettings } from '../../operations/settings/service.js';
import * as repo from './repo.js';

type CreateBody = z.output<typeof notificationCreateBody>;

const adminDto = (n: repo.NotificationRow) => ({
  id: Number(n.id),
  notification_id: Number(n.id),
  title: n.title,
  message: n.message,
  users: n.users,
  type: n.type,
  recipients: n.recipients.map(Number),
  seen_count: n.seen_count,
  created_at: n.created_at.toISOString(),
});

const memberDto = (n: repo.MemberNotificationRow) => ({
  id: Number(n.id),
  notification_id: Number(n.id),
  title: n.title,
  message: n.message,
  users: n.users,
  type: n.type,
  seen: n.seen_at !== null,
  seen_at: n.seen_at?.toISOString() ?? null,
  created_at: n.created_at.toISOString(),
});

/** The public address of a banner file (served by GET /notifications/banner/{file}). */
export const bannerUrl = (fileName: string) => `/api/v1/notifications/banner/${fileName}`;

const bannerDto = (b: repo.BannerRow): Banner => ({
  url: bannerUrl(b.file_name),
  content_type: b.content_type as Banner['content_type'],
  size: b.size,
  created_at: b.created_at.toISOString(),
});

export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function create(actor: Actor, body: CreateBody) {
    return withTx(db, async (tx) => {
      const id = await repo.insert(tx, { ...body, by: actor.userId, now: clock.now() });
      if (!body.users) {
        const added = await repo.addRecipients(tx, id, body.recipients);
        if (added !== body.recipients.length) throw badRequest(NOTIFICATION_MSG.recipientUnknown);
      }
      const created = adminDto((await repo.find(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'notifications.create',
        targetType: 'notification',
        targetId: created.id,
        after: created,
      });
      return created;
    });
  }

  async function list(f: PageRequest) {
    const { rows, total } = await repo.list(db, f);
    return { notifications: rows.map(adminDto), ...pageFacts(total, f) };
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id);
      if (!before || !(await repo.remove(tx, id))) throw notFound(NOTIFICATION_MSG.notFound);
      await recordAudit(tx, actor, {
        action: 'notifications.delete',
        targetType: 'notification',
        targetId: id,
        before: adminDto(before),
      });
    });
  }

  async function assertMember(userId: number) {
    const user = await findById(db, userId);
    if (user?.role !== 'user') throw notFound(MSG.userNotFound);
  }

  /** One member's notifications with their own seen state (the caller's access is checked by the route). */
  async function forMember(userId: number, f: PageRequest & { unseen?: boolean }) {
    await assertMember(userId);
    const { rows, total, unread } = await repo.listForMember(db, userId, f);
    return { notifications: rows.map(memberDto), unread, ...pageFacts(total, f) };
  }

  /** What the member area shows at once: the unseen ones (header count, pop-ups). */
  async function home(userId: number) {
    const { rows, unread } = await repo.listForMember(db, userId, {
      page: 1,
      limit: HOME_LIMIT,
      unseen: true,
    });
    return { homenotifications: rows.map(memberDto), unread };
  }

  /** A member marks one of their own notifications as seen; the first time is kept. */
  async function markSeen(actor: Actor, id: number, userId: number) {
    if (actor.userId !== userId) throw forbidden(MSG.forbidden);
    // Someone else's recipients-only notification answers as if it did not exist.
    if (!(await repo.isVisibleTo(db, id, userId))) throw notFound(NOTIFICATION_MSG.notFound);
    const seenAt = await repo.markSeen(db, id, userId, clock.now());
    return { message: NOTIFICATION_MSG.seen, seen_at: seenAt.toISOString() };
  }

  /**
   * Stores a new banner: the bytes must be a PNG, JPEG, WebP or GIF by content. The picture, its
   * row and the removal of the banners it replaces (rows and pictures) are one transaction.
   */
  async function uploadBanner(actor: Actor, bytes: Buffer) {
    const image = toImage(bytes, NOTIFICATION_MSG.imageType);
    return withTx(db, async (tx) => {
      const stored = await saveImage(tx, 'banner', image, clock.now());
      const inserted = await repo.insertBanner(tx, { ...stored, by: actor.userId, now: clock.now() });
      const replaced = await repo.removeOtherBanners(tx, inserted.id);
      await removeImages(tx, replaced);
      await recordAudit(tx, actor, {
        action: 'notifications.banner',
        targetType: 'banner',
        targetId: Number(inserted.id),
        after: {
          file: stored.fileName,
          content_type: stored.contentType,
          size: stored.size,
          sha256: stored.sha256,
          replaced,
        },
      });
      return bannerDto(inserted);
    });
  }

  async function banner() {
    const row = await repo.currentBanner(db);
    return row ? bannerDto(row) : null;
  }

  /** The bytes and type of a stored banner, by its file name. */
  async function bannerFile(fileName: string) {
    const image = await readImage(db, 'banner', fileName);
    if (!image) throw notFound(NOTIFICATION_MSG.noBanner);
    return image;
  }

  /** The member's notification settings: their income minimum and the platform's default. */
  async function prefs(actor: Actor): Promise<NotificationPrefs> {
    const own = await repo.incomeNotifyMin(db, actor.userId);
    if (own === undefined) throw notFound(MSG.userNotFound);
    const platform = (await readSettings(db)).income_notify_min;
    return { income_notify_min: own === null ? null : fromMicro(own), platform_income_notify_min: platform };
  }

  async function setPrefs(actor: Actor, incomeMin: bigint | null) {
    await repo.setIncomeNotifyMin(db, actor.userId, incomeMin, clock.now());
    return { message: NOTIFY_PREFS_MSG.saved, prefs: await prefs(actor) };
  }

  return {
    create,
    list,
    remove,
    forMember,
    home,
    markSeen,
    uploadBanner,
    banner,
    bannerFile,
    prefs,
    setPrefs,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
