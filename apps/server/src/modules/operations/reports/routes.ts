import { overviewResponse, reportParams, reportQuery, reportResponse } from '@app/contracts/reports';
import { sendCsv } from '../../../http/csv.js';
import type { Api } from '../../../http/types.js';
import type { ReportsService } from './service.js';

export function reportsRoutes(app: Api, reports: ReportsService) {
  const tags = ['reports'];
  app.get('/reports/overview', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'The admin dashboard money figures: deposits, withdrawals, liabilities (member balances including ' +
        'pending withdrawal holds), reserves (received into platform cash less paid out), coverage ratio, ' +
        'and deposits and withdrawals per day over the last 14 UTC days.',
      response: { 200: overviewResponse },
    },
    handler: async () => reports.overview(),
  });
  app.get('/reports/:kind', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Deposits, withdrawals, top-ups or incomes of a period (`from`..`to`, whole UTC days, default the ' +
        'last 30): a series grouped by day, week or month, totals, and the rows a page at a time. ' +
        '`format=csv` downloads every row of the period as a CSV file with the columns of the table.',
      params: reportParams,
      querystring: reportQuery,
      response: { 200: reportResponse },
    },
    handler: async (req, reply) => {
      if (req.query.format === 'csv') {
        const file = await reports.csv(req.params.kind, req.query);
        return sendCsv(reply, file.fileName, file.content);
      }
      return reports.report(req.params.kind, req.query);
    },
  });
}
