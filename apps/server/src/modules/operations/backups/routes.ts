import { backupIdParam, backupsOverview } from '@app/contracts/backups';
import { errorResponse, messageResponse } from '@app/contracts/common';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { BackupsService } from './service.js';

export function backupsRoutes(app: Api, backups: BackupsService) {
  const tags = ['backups'];
  app.get('/backups', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description:
        "The platform's backups: the schedule (BACKUP_DIR, BACKUP_TIME, BACKUP_KEEP), the pg_dump the server would use or why none fits, the last backup that succeeded and the ten newest with their result, size and progress, and the backup key they are encrypted to (when it was made, and whether its file is still on this server).",
      response: { 200: backupsOverview },
    },
    handler: async (req) => backups.overview(actorOf(req)),
  });

  app.post('/backups', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description:
        'An owner backs up now, into BACKUP_DIR: the backup runs in the background (its progress in GET /backups). 409 while another backup runs. Audited.',
      response: { 202: z.object({ id: z.number().int(), message: z.string() }), 409: errorResponse },
    },
    handler: async (req, reply) => reply.code(202).send(await backups.start(actorOf(req))),
  });

  app.delete('/backups/:id', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description:
        'Cancels a running backup on whichever instance runs it: it stops within seconds and its partial file is removed. 409 when it is not running. Audited.',
      params: backupIdParam,
      response: { 200: messageResponse, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => backups.cancel(actorOf(req), req.params.id),
  });
}
