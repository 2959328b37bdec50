import { z } from 'zod';
import { int4Param, pageInfo, pageQuery } from './common.js';

/** Spec 3: a notification is a plain notice or a pop-up shown once in the member area. */
export const NOTIFICATION_TYPES = ['notification', 'site_popup'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Texts of spec sections 5 and 8 (spelled as written there), and this API's own answers. */
export const NOTIFICATION_MSG = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  typeRequired: 'Type is required',
  invalidType: 'Invalid type',
  created: 'Notification created successfully!',
  bannerCreated: 'Banner created successfully!',
  deleted: 'Notification deleted successfully!',
  recipientsRequired: 'Select at least one recipient, or choose All Users',
  recipientUnknown: 'A selected recipient is not a member',
  seen: 'Notification marked as seen',
  notFound: 'Notification not found',
  imageMissing: 'Choose an image to upload (form field "image")',
  imageType: 'The banner must be a PNG, JPEG, WebP or GIF image',
  imageTooLarge: 'The banner image must be at most 2 MB',
  noBanner: 'No banner has been uploaded',
} as const;

export const TITLE_MAX = 150;
export const MESSAGE_MAX = 2000;
export const RECIPIENTS_MAX = 5000;
/** Largest banner accepted, in bytes. */
export const BANNER_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a banner may be, recognised by their first bytes (never by name or declared type). */
export const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const requiredText = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * POST /notifications (spec 3, 5). `users` true means every member and clears `recipients`
 * (checking All Users clears the picked recipients); false needs at least one recipient.
 */
export const notificationCreateBody = z
  .object({
    title: requiredText(TITLE_MAX, NOTIFICATION_MSG.titleRequired, 'Title'),
    message: requiredText(MESSAGE_MAX, NOTIFICATION_MSG.messageRequired, 'Message'),
    users: z.boolean({ error: 'All Users must be true or false' }).default(true),
    type: z.enum(NOTIFICATION_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? NOTIFICATION_MSG.typeRequired
          : NOTIFICATION_MSG.invalidType,
    }),
    recipients: z
      .array(
        z
          .number({ error: 'Recipients are member ids' })
          .int()
          .positive()
          .max(2 ** 31 - 1),
        { error: 'Recipients are a list of member ids' },
      )
      .max(RECIPIENTS_MAX, `At most ${RECIPIENTS_MAX} recipients at once`)
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (!body.users && body.recipients.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['recipients'], message: NOTIFICATION_MSG.recipientsRequired });
    }
  })
  .transform((body) => ({
    ...body,
    recipients: body.users ? [] : [...new Set(body.recipients)],
  }));
export type NotificationCreateInput = z.input<typeof notificationCreateBody>;

/** As the back-office sees a notification (spec 2.4 and 3). */
export const adminNotification = z.object({
  id: z.number().int(),
  /** The spec names both id and notification_id; here they are the same number. */
  notification_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  users: z.boolean(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Member ids it was sent to; empty when `users` is true. */
  recipients: z.array(z.number().int()),
  /** How many members have marked it as seen. */
  seen_count: z.number().int(),
  created_at: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotification>;

/** As one member sees a notification: with their own seen state (spec 3, 4). */
export const memberNotification = z.object({
  id: z.number().int(),
  notification_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  users: z.boolean(),
  type: z.enum(NOTIFICATION_TYPES),
  seen: z.boolean(),
  seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type MemberNotification = z.infer<typeof memberNotification>;

export const notificationCreateResponse = z.object({
  message: z.string(),
  notification: adminNotification,
});

export const notificationListQuery = pageQuery;
export const notificationListResponse = z.object({
  notifications: z.array(adminNotification),
  ...pageInfo,
});

export const userNotificationsQuery = pageQuery.extend({
  /** `true`: only the ones not seen yet. */
  unseen: z.enum(['true', 'false']).optional(),
});
export const userNotificationsResponse = z.object({
  notifications: z.array(memberNotification),
  /** How many of all this member's notifications are not seen yet (for the header count). */
  unread: z.number().int(),
  ...pageInfo,
});

/** GET /notifications/home: what the member area shows at once (header count, pop-ups). */
export const homeNotificationsResponse = z.object({
  /** The caller's notifications not seen yet, newest first, at most HOME_LIMIT. */
  homenotifications: z.array(memberNotification),
  unread: z.number().int(),
});
export const HOME_LIMIT = 20;

export const userIdParam = z.object({ userId: int4Param });

export const seenBody = z.object({
  userId: z
    .number({ error: 'userId is required' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const seenResponse = z.object({ message: z.string(), seen_at: z.string() });

export const banner = z.object({
  /** Where the image is served (same origin, safe headers). */
  url: z.string(),
  content_type: z.enum(BANNER_TYPES),
  size: z.number().int(),
  created_at: z.string(),
});
export type Banner = z.infer<typeof banner>;
export const bannerResponse = z.object({ banner: banner.nullable() });
export const bannerCreateResponse = z.object({ message: z.string(), banner });

export const bannerFileParam = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'Not a banner file name'),
});
