import { errorResponse } from '@app/contracts/common';
import { mailIdParam, mailListQuery, mailListResponse, mailResponse } from '@app/contracts/mail-log';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { MailLogService } from './service.js';

/** Admin → Mail: support's work (owners and auditors read it too). */
export function mailLogRoutes(app: Api, mail: MailLogService) {
  const tags = ['mail'];
  app.get('/mail', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags,
      description:
        'Every mail the platform sent or queued, newest first: recipient, subject, template, time and status (delivered, pending, failed, logged-only: no mail server, written to the log). `search` matches the start of the address. Mail about admin accounts is listed to owners only.',
      querystring: mailListQuery,
      response: { 200: mailListResponse },
    },
    handler: async (req) => mail.list(actorOf(req), req.query),
  });

  app.get('/mail/:id', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags,
      description:
        'One mail with its body as sent (verification codes, reset links) and the last delivery error.',
      params: mailIdParam,
      response: { 200: mailResponse, 404: errorResponse },
    },
    handler: async (req) => mail.get(actorOf(req), req.params.id),
  });
}
