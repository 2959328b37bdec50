/**
 * QR links (spec 7: POST /qr/add; GET /qr; DELETE /qr/{id}; plus PUT /qr/{id} to edit or switch a
 * link off, in the same style).
 *
 * Access: `GET /qr` needs a session (member or admin). The links are member resources shown on the
 * member dashboard, not on public pages; members get the active links only, admins every link so
 * they can manage inactive ones. Every write is admin-only and audited.
 */
import { idParam, messageResponse } from '@app/contracts/common';
import {
  qrAddBody,
  qrListQuery,
  qrListResponse,
  qrSavedResponse,
  qrUpdateBody,
} from '@app/contracts/qr-links';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { QrLinksService } from './service.js';

export function qrLinksRoutes(app: Api, qr: QrLinksService) {
  const tags = ['qr links'];
  app.post('/qr/add', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, body: qrAddBody, response: { 201: qrSavedResponse } },
    handler: async (req, reply) => reply.status(201).send(await qr.add(actorOf(req), req.body)),
  });
  app.get('/qr', {
    // member-or-admin: see the header comment
    config: { access: 'member-or-admin', area: 'finance' },
    schema: {
      tags,
      description: 'Newest first, a page at a time. Members get the active links; admins get all of them.',
      querystring: qrListQuery,
      response: { 200: qrListResponse },
    },
    handler: async (req) => qr.list(actorOf(req), req.query),
  });
  app.put('/qr/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, body: qrUpdateBody, response: { 200: qrSavedResponse } },
    handler: async (req) => qr.update(actorOf(req), req.params.id, req.body),
  });
  app.delete('/qr/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => qr.remove(actorOf(req), req.params.id),
  });
}
