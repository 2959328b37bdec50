import { errorResponse } from '@app/contracts/common';
import {
  mailIdParam,
  mailListQuery,
  mailListResponse,
  mailResendResponse,
  mailResponse,
  mailRevealResponse,
} from '@app/contracts/mail-log';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { MailLogService } from './service.js';

/**
 * Admin → Mail: support's work (owners and auditors read it too). Codes and links are masked for
 * everyone; revealing one is an owner's act, and only while no mail server is set.
 */
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
        'One mail and the last delivery error. Its codes and sign-in, reset, invitation or confirmation links are masked (••••••): no one in the back-office reads them.',
      params: mailIdParam,
      response: { 200: mailResponse, 404: errorResponse },
    },
    handler: async (req) => mail.get(actorOf(req), req.params.id),
  });

  app.post('/mail/:id/reveal', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description:
        'Owners only, and only while no mail server is set (SMTP_URL): the code or link of a mail that could not be delivered, while it still works. Audited (`mail.reveal`); the recipient is told (a notification and a mail). 409 with a mail server, or once the code or link has expired or was delivered; 400 for a mail without one.',
      params: mailIdParam,
      response: { 200: mailRevealResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => mail.reveal(actorOf(req), req.params.id),
  });

  app.post('/mail/:id/resend', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags,
      description:
        'Sends a mail again. A verification code or reset link mail is sent with a new code or link, and the old one stops working; a mail without one is queued again as it was. Audited (`mail.resend`). 429 within a minute of the last code or link; 400 for an admin-account mail (re-sent from the Team or Account page) or an address no account has any more.',
      params: mailIdParam,
      response: { 201: mailResendResponse, 400: errorResponse, 404: errorResponse, 429: errorResponse },
    },
    handler: async (req, reply) => reply.status(201).send(await mail.resend(actorOf(req), req.params.id)),
  });
}
