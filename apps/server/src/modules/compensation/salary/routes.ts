import { MEMBER_RECORDS } from '@app/contracts/admins';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  adminDashboardResponse,
  salaryTier,
  salaryTierBody,
  salaryTiersResponse,
  salaryTierUpdateBody,
  salaryTransactionsQuery,
  salaryTransactionsResponse,
  tierStatsResponse,
  todayStatsResponse,
  userHistoryResponse,
  userSalariesQuery,
  userSalariesResponse,
} from '@app/contracts/salary';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { SalaryService } from './service.js';

export function salaryRoutes(app: Api, salary: SalaryService) {
  const admin = { access: 'admin' as const, area: 'owner' as const };
  /** Paying and reading who is paid: finance's work. */
  const finance = { access: 'admin' as const, area: 'finance' as const };
  const anyone = { access: 'member-or-admin' as const, area: MEMBER_RECORDS };
  const rules = { access: 'member-or-admin' as const, area: 'any' as const };
  const tags = ['salary'];

  app.get('/salary/tiers', {
    config: rules,
    schema: {
      tags,
      description: 'Admins see every tier; members the tiers on offer.',
      response: { 200: salaryTiersResponse },
    },
    handler: async (req) => ({ tiers: await salary.tiers(actorOf(req)) }),
  });
  app.post('/salary/tiers', {
    config: admin,
    schema: { tags, body: salaryTierBody, response: { 201: messageResponse.extend({ tier: salaryTier }) } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ message: 'Salary tier created', tier: await salary.createTier(actorOf(req), req.body) }),
  });
  app.put('/salary/tiers/:id', {
    config: admin,
    schema: {
      tags,
      params: idParam,
      body: salaryTierUpdateBody,
      response: { 200: messageResponse.extend({ tier: salaryTier }) },
    },
    handler: async (req) => ({
      message: 'Salary tier updated',
      tier: await salary.updateTier(actorOf(req), req.params.id, req.body),
    }),
  });
  app.delete('/salary/tiers/:id', {
    config: admin,
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => {
      await salary.removeTier(actorOf(req), req.params.id);
      return {
        message:
          'Salary tier deleted: nobody is assigned it any more; members holding it are paid to the end',
      };
    },
  });
  app.post('/salary/run', {
    config: finance,
    schema: {
      tags,
      description: 'Runs the daily salary job now (assign tiers, pay the months due); idempotent.',
      response: { 200: messageResponse.extend({ ran: z.boolean() }) },
    },
    handler: async (req) => {
      const ran = await salary.runNow(actorOf(req));
      return { ran, message: ran ? 'Salary run complete' : 'A salary run is already in progress' };
    },
  });

  app.get('/salary/user-salaries', {
    config: anyone,
    schema: {
      tags,
      description: 'Tier assignments: every member for admins, their own for a member.',
      querystring: userSalariesQuery,
      response: { 200: userSalariesResponse },
    },
    handler: async (req) => salary.userSalaries(actorOf(req), req.query),
  });
  app.get('/salary/transactions', {
    config: anyone,
    schema: {
      tags,
      description: 'Salary payments: every member for admins, their own for a member.',
      querystring: salaryTransactionsQuery,
      response: { 200: salaryTransactionsResponse },
    },
    handler: async (req) => salary.transactions(actorOf(req), req.query),
  });
  app.get('/salary/today-stats', {
    config: finance,
    schema: { tags, response: { 200: todayStatsResponse } },
    handler: async () => salary.todayStats(),
  });
  app.get('/salary/user-history/:id', {
    config: anyone,
    schema: { tags, params: idParam, response: { 200: userHistoryResponse } },
    handler: async (req) => salary.userHistory(actorOf(req), req.params.id),
  });
  app.get('/salary/tier-stats', {
    config: finance,
    schema: { tags, response: { 200: tierStatsResponse } },
    handler: async () => salary.tierStats(),
  });
  app.get('/salary/admin-dashboard', {
    config: finance,
    schema: { tags, response: { 200: adminDashboardResponse } },
    handler: async () => salary.adminDashboard(),
  });
}
