import {
  acceptInvitationBody,
  adminEmailLinkBody,
  adminEmailLinkPreview,
  adminEmailLinkResponse,
  adminMe,
  invitationPreview,
  inviteBody,
  inviteResponse,
  teamResponse,
  teamUpdateBody,
} from '@app/contracts/admins';
import { errorResponse, idParam, messageResponse } from '@app/contracts/common';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { TeamService } from './service.js';

/** The invitation link's token (256 random bits, base64url). */
const tokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not complete'),
});

export function adminsRoutes(app: Api, team: TeamService) {
  const owner = { access: 'admin', area: 'owner' } as const;
  const tags = ['admins'];

  app.get('/admins', {
    config: owner,
    schema: {
      tags,
      description: 'The team: every admin with their roles, and the open invitations.',
      response: { 200: teamResponse },
    },
    handler: async () => team.list(),
  });

  app.get('/admins/me', {
    config: { access: 'admin', area: 'any', beforeTotp: true },
    schema: {
      tags,
      description: 'The signed-in admin and their roles (what the back-office shows them).',
      response: { 200: adminMe },
    },
    handler: async (req) => team.me(actorOf(req)),
  });

  app.post('/admins/invitations', {
    config: owner,
    schema: {
      tags,
      description:
        'Invites an admin by e-mail: a link that works once, for 48 hours, to choose a password. The answer carries the link only while no mail server is configured (SMTP_URL), for the owner to pass on; with one, `link` is null: the link goes by mail alone.',
      body: inviteBody,
      response: { 201: inviteResponse, 409: errorResponse },
    },
    handler: async (req, reply) => reply.status(201).send(await team.invite(actorOf(req), req.body)),
  });

  app.delete('/admins/invitations/:id', {
    config: owner,
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => team.withdraw(actorOf(req), req.params.id),
  });

  app.patch('/admins/:id', {
    config: owner,
    schema: {
      tags,
      description:
        "Changes another admin's roles or status. The last active owner cannot be demoted or blocked (409).",
      params: idParam,
      body: teamUpdateBody,
      response: { 200: messageResponse, 409: errorResponse },
    },
    handler: async (req) => team.update(actorOf(req), req.params.id, req.body),
  });

  app.post('/admins/:id/signout', {
    config: owner,
    schema: {
      tags,
      description: 'Ends every session of that admin.',
      params: idParam,
      response: { 200: messageResponse },
    },
    handler: async (req) => team.endSessions(actorOf(req), req.params.id),
  });

  app.post('/admins/:id/reset-2fa', {
    config: owner,
    schema: {
      tags,
      description: "Turns that admin's two-factor authentication off and ends their sessions (a lost phone).",
      params: idParam,
      response: { 200: messageResponse },
    },
    handler: async (req) => team.resetTotp(actorOf(req), req.params.id),
  });

  app.post('/admins/:id/email', {
    config: owner,
    schema: {
      tags,
      description:
        "Starts changing another admin's e-mail address: a link that works once, for 48 hours, goes to the new address (not used by any account); the address changes only when the link is opened and confirmed there, and the old address is then told. A new request replaces the open one. Audited. The answer carries the link only while no mail server is configured (SMTP_URL). An owner's own address is changed under Account (400 here).",
      params: idParam,
      body: adminEmailLinkBody,
      response: { 200: adminEmailLinkResponse, 400: errorResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => team.emailLinks.start(actorOf(req), req.params.id, req.body),
  });

  const throttled = { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } } as const;
  app.get('/admin-email-links/:token', {
    config: throttled,
    schema: {
      tags,
      description:
        'What the link of an e-mail change shows: whose address, from what to what, asked by whom.',
      params: tokenParam,
      response: { 200: adminEmailLinkPreview, 404: errorResponse },
    },
    handler: async (req) => team.emailLinks.preview(req.params.token),
  });

  app.post('/admin-email-links/:token', {
    config: throttled,
    schema: {
      tags,
      description:
        "Confirms the e-mail change of the link: the admin's address becomes the new one and the link is spent. Audited; the old address gets a notice.",
      params: tokenParam,
      response: { 200: messageResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => team.emailLinks.confirm(req.params.token, req.ip),
  });
  app.get('/admin-invitations/:token', {
    config: throttled,
    schema: { tags, params: tokenParam, response: { 200: invitationPreview, 404: errorResponse } },
    handler: async (req) => team.preview(req.params.token),
  });

  app.post('/admin-invitations/:token', {
    config: throttled,
    schema: {
      tags,
      description:
        'The invited admin chooses a password (12+ characters, not a common one); the link is then spent.',
      params: tokenParam,
      body: acceptInvitationBody,
      response: { 201: messageResponse, 404: errorResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await team.accept(req.params.token, req.body.password, req.ip)),
  });
}
