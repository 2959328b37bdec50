/**
 * Notifications and the banner (spec 7, Notifications).
 *
 * Access decisions (docs/decisions/content.md, Notifications):
 * - `GET /notifications/home` is member-only: it answers the caller's own unseen notifications
 *   and unread count (the header bell and the once-only pop-ups), so it needs to know the member.
 * - `GET /notifications/banner` and the image it points to are public: the banner is a promotional
 *   picture holding no member data, and an `<img>` cannot send a bearer token.
 */

import { idParam, messageResponse } from '@app/contracts/common';
import {
  notificationPrefsBody,
  notificationPrefsResponse,
  notificationPrefsUpdateResponse,
} from '@app/contracts/notification-prefs';
import {
  BANNER_MAX_BYTES,
  bannerCreateResponse,
  bannerFileParam,
  bannerResponse,
  homeNotificationsResponse,
  NOTIFICATION_MSG,
  notificationCreateBody,
  notificationCreateResponse,
  notificationListQuery,
  notificationListResponse,
  seenBody,
  seenResponse,
  userIdParam,
  userNotificationsQuery,
  userNotificationsResponse,
} from '@app/contracts/notifications';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../../errors.js';
import { actorOf, assertSelfOrAdmin } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import { acceptMultipart, readMultipart, sendImage } from '../../../http/uploads.js';
import type { NotificationsService } from './service.js';

/**
 * With `attachValidation`, a refused body answers the schema's own message (spec 5: 'Title is
 * required', 'Invalid type', ...) exactly as the form shows it, without the field-path prefix.
 */
function assertValid(req: FastifyRequest) {
  const issue = req.validationError?.validation?.[0] as { message?: string } | undefined;
  if (req.validationError) throw badRequest(issue?.message ?? req.validationError.message);
}

export function notificationsRoutes(app: Api, notifications: NotificationsService) {
  const tags = ['notifications'];

  app.post('/notifications', {
    config: { access: 'admin', area: 'support' },
    attachValidation: true,
    schema: {
      tags,
      description: 'Send a notification to every member (`users` true) or to the listed recipients only.',
      body: notificationCreateBody,
      response: { 201: notificationCreateResponse },
    },
    handler: async (req, reply) => {
      assertValid(req);
      const notification = await notifications.create(actorOf(req), req.body);
      return reply.status(201).send({ message: NOTIFICATION_MSG.created, notification });
    },
  });

  app.get('/notifications', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags,
      querystring: notificationListQuery,
      response: { 200: notificationListResponse },
    },
    handler: async (req) => notifications.list(req.query),
  });

  app.get('/notifications/home', {
    // member-only: see the header comment
    config: { access: 'member' },
    schema: {
      tags,
      description: "The caller's unseen notifications, newest first, and how many are unseen.",
      response: { 200: homeNotificationsResponse },
    },
    handler: async (req) => notifications.home(actorOf(req).userId),
  });

  app.get('/notifications/user/:userId', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: {
      tags,
      description:
        "A member's notifications with their seen state: the member's own, or any member's for an admin.",
      params: userIdParam,
      querystring: userNotificationsQuery,
      response: { 200: userNotificationsResponse },
    },
    handler: async (req) => {
      assertSelfOrAdmin(actorOf(req), req.params.userId);
      const { unseen, ...page } = req.query;
      return notifications.forMember(req.params.userId, { ...page, unseen: unseen === 'true' });
    },
  });

  app.put('/notifications/:id/seen', {
    config: { access: 'member' },
    attachValidation: true,
    schema: {
      tags,
      description: 'A member marks one of their notifications as seen (their own seen state only).',
      params: idParam,
      body: seenBody,
      response: { 200: seenResponse },
    },
    handler: async (req) => {
      assertValid(req);
      return notifications.markSeen(actorOf(req), req.params.id, req.body.userId);
    },
  });

  app.get('/notifications/settings', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        "The member's notification settings: their own minimum for income notifications (null: the platform's) and the platform's.",
      response: { 200: notificationPrefsResponse },
    },
    handler: async (req) => ({ prefs: await notifications.prefs(actorOf(req)) }),
  });

  app.put('/notifications/settings', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        "Sets the member's own minimum for income notifications (0: every income; null: the platform's).",
      body: notificationPrefsBody,
      response: { 200: notificationPrefsUpdateResponse },
    },
    handler: async (req) => notifications.setPrefs(actorOf(req), req.body.income_notify_min),
  });

  app.delete('/notifications/delete/:id', {
    config: { access: 'admin', area: 'support' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => {
      await notifications.remove(actorOf(req), req.params.id);
      return { message: NOTIFICATION_MSG.deleted };
    },
  });

  app.get('/notifications/banner', {
    // public: see the header comment
    config: { access: 'public' },
    schema: { tags, description: 'The current banner, or null.', response: { 200: bannerResponse } },
    handler: async () => ({ banner: await notifications.banner() }),
  });

  app.get('/notifications/banner/:file', {
    config: { access: 'public' },
    schema: { tags, description: 'The banner image itself.', params: bannerFileParam },
    handler: async (req, reply) => sendImage(reply, await notifications.bannerFile(req.params.file)),
  });

  // Multipart parsing only where an upload is taken: its own scope, so no other route accepts it.
  app.register(async (scope) => {
    await acceptMultipart(scope, BANNER_MAX_BYTES);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post('/notifications/banner', {
      config: { access: 'admin', area: 'content' },
      schema: {
        tags,
        description: `Upload the banner: multipart/form-data, field \`image\`, a PNG, JPEG, WebP or GIF of at most ${BANNER_MAX_BYTES / 1024 / 1024} MB.`,
        consumes: ['multipart/form-data'],
        response: { 201: bannerCreateResponse },
      },
      handler: async (req, reply) => {
        const { file } = await readMultipart(req, {
          fileField: 'image',
          maxFileBytes: BANNER_MAX_BYTES,
          messages: { notMultipart: NOTIFICATION_MSG.imageMissing, tooLarge: NOTIFICATION_MSG.imageTooLarge },
        });
        if (!file) throw badRequest(NOTIFICATION_MSG.imageMissing);
        const banner = await notifications.uploadBanner(actorOf(req), file);
        return reply.status(201).send({ message: NOTIFICATION_MSG.bannerCreated, banner });
      },
    });
  });
}
