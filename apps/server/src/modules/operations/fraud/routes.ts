import { idParam, messageResponse } from '@app/contracts/common';
import {
  fraudFlagResponse,
  fraudListQuery,
  fraudListResponse,
  fraudScanResponse,
} from '@app/contracts/fraud';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { FraudService } from './service.js';

export function fraudRoutes(app: Api, fraud: FraudService) {
  const tags = ['fraud'];
  const admin = { access: 'admin' as const, area: 'finance' as const };
  app.get('/fraud/flags', {
    config: admin,
    schema: {
      tags,
      description:
        'Fraud signals, newest first, with their evidence and members (status: open, held, dismissed).',
      querystring: fraudListQuery,
      response: { 200: fraudListResponse },
    },
    handler: async (req) => fraud.list(req.query),
  });
  app.post('/fraud/scan', {
    config: admin,
    schema: {
      tags,
      description: 'Scan now (the job scans every 5 minutes).',
      response: { 200: fraudScanResponse },
    },
    handler: async () => {
      const found = await fraud.scan();
      return { message: `Scan done: ${found} signal(s) found`, raised: found };
    },
  });
  for (const [path, decision] of [
    ['/fraud/flags/:id/hold', 'held'],
    ['/fraud/flags/:id/dismiss', 'dismissed'],
  ] as const) {
    app.post(path, {
      config: admin,
      schema: {
        tags,
        description:
          decision === 'held'
            ? "Holds the flag's members: their ROI claims and withdrawal requests are refused until released (audited)."
            : 'Dismisses the flag (audited).',
        params: idParam,
        response: { 200: fraudFlagResponse },
      },
      handler: async (req) => fraud.decide(actorOf(req), req.params.id, decision),
    });
  }
  app.delete('/fraud/holds/:id', {
    config: admin,
    schema: {
      tags,
      description: "Releases a member's hold (audited).",
      params: idParam,
      response: { 200: messageResponse },
    },
    handler: async (req) => fraud.release(actorOf(req), req.params.id),
  });
}
