import { idParam } from '@app/contracts/common';
import { whatIfBody, whatIfJob, whatIfRunning } from '@app/contracts/what-if';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import { sendCsv } from '../../../http/csv.js';
import type { Api } from '../../../http/types.js';
import type { WhatIfService } from './service.js';

export function whatIfRoutes(app: Api, whatIf: WhatIfService) {
  const tags = ['plans'];
  app.post('/plans/what-if', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        "Starts a projection of the next days (incomes by kind, members at their limit, withdrawals, liabilities, reserves, coverage) with the current settings and with proposed plan and level percents, and answers at once (202) with the job. A worker computes it from one snapshot with the live engine's rules; nothing changes on the platform. One runs at a time (409 names who started the running one). Follow it with GET /plans/what-if/{id}; apply a proposal with the plan and level routes.",
      body: whatIfBody,
      response: { 202: whatIfJob },
    },
    handler: async (req, reply) => reply.status(202).send(await whatIf.start(actorOf(req), req.body)),
  });
  app.get('/plans/what-if', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description: 'The projection running now on the platform, if any (started by any admin).',
      response: { 200: whatIfRunning },
    },
    handler: async () => whatIf.running(),
  });
  app.get('/plans/what-if/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'A projection: status, progress (days done of days asked) and, once done, the result with `current` and `proposed`. Asking keeps it alive: one nobody follows is cancelled after WHAT_IF_IDLE_SECONDS. `format=csv` downloads the day-by-day table of both scenarios.',
      params: idParam,
      querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
      response: { 200: whatIfJob },
    },
    handler: async (req, reply) => {
      if (req.query.format === 'csv') {
        const file = await whatIf.csv(req.params.id);
        return sendCsv(reply, file.fileName, file.content);
      }
      return whatIf.get(req.params.id);
    },
  });
  app.delete('/plans/what-if/:id', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Cancels a running projection (its work stops within a second); a finished one is answered as it is.',
      params: idParam,
      response: { 200: whatIfJob },
    },
    handler: async (req) => whatIf.cancel(actorOf(req), req.params.id),
  });
}
