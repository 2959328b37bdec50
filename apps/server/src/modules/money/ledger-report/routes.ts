import { reconcileResponse } from '@app/contracts/reconcile';
import type { Api } from '../../../http/types.js';
import type { LedgerReportService } from './service.js';

export function ledgerReportRoutes(app: Api, reports: LedgerReportService) {
  app.get('/ledger/reconcile', {
    // Reads every account and transfer: an admin tool, not something to poll in a loop.
    config: { access: 'admin', area: 'finance', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['ledger'],
      description:
        "Checks the ledger's invariants now: every account balance equals the sum of its posted transfers, " +
        'all balances sum to zero, and no pending transfer is orphaned. Same checks as `npm run reconcile`.',
      response: { 200: reconcileResponse },
    },
    handler: async () => reports.reconcile(),
  });
}
