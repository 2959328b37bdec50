import { errorResponse, messageResponse } from '@app/contracts/common';
import { setupIdParam, setupResponse } from '@app/contracts/setup';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { SetupService } from './service.js';

export function setupRoutes(app: Api, setup: SetupService) {
  const tags = ['setup'];
  app.get('/setup', {
    config: { access: 'admin', area: 'any' },
    schema: {
      tags,
      description:
        "What this platform still lacks before it takes real members and money (the admin dashboard's setup list): each item with whether it is done, whether an owner dismissed it, and where it is fixed. Only the items the signed-in admin's roles can fix: owners see every item, any other admin their own two-factor and address (and the first admin their password). Checked live on every call.",
      response: { 200: setupResponse },
    },
    handler: async (req) => setup.read(actorOf(req)),
  });

  app.post('/setup/:id/dismiss', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description: 'An owner says a setup item does not apply here: it no longer shows as open. Audited.',
      params: setupIdParam,
      response: { 200: messageResponse, 404: errorResponse },
    },
    handler: async (req) => setup.dismiss(actorOf(req), req.params.id),
  });

  app.delete('/setup/:id/dismiss', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description: 'Undoes a dismissal: the item shows again until it is done. Audited.',
      params: setupIdParam,
      response: { 200: messageResponse, 404: errorResponse },
    },
    handler: async (req) => setup.restore(actorOf(req), req.params.id),
  });
}
