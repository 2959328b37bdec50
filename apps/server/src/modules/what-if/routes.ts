import { whatIfBody, whatIfResponse } from '@app/contracts/what-if';
import type { Api } from '../../http/types.js';
import type { WhatIfService } from './service.js';

export function whatIfRoutes(app: Api, whatIf: WhatIfService) {
  app.post('/plans/what-if', {
    config: { access: 'admin' },
    schema: {
      tags: ['plans'],
      description:
        'Projects the next days (ROI and level income, members at their limit, liabilities, reserves, coverage) with the current settings and with proposed plan and level percents, by running the live engine in a transaction that is rolled back. Nothing changes; apply a proposal with the plan and level routes.',
      body: whatIfBody,
      response: { 200: whatIfResponse },
    },
    handler: async (req) => whatIf.project(req.body),
  });
}
