import { MEMBER_RECORDS } from '@app/contracts/admins';
import { idParam } from '@app/contracts/common';
import {
  earningLimitResponse,
  incomeDetailResponse,
  incomeListQuery,
  incomeListResponse,
  incomeOverview,
  incomeSummary,
  overviewQuery,
  summaryQuery,
  transferIdParam,
  userIdParam,
} from '@app/contracts/incomes';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { IncomesService } from './service.js';

export function incomesRoutes(app: Api, incomes: IncomesService) {
  const tags = ['incomes'];
  app.get('/incomes/limit/:userId', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'The earning limit of spec section 9: active plan × cap multiple, total earnings (level + ROI + ' +
        'reward + direct + salary), available limit and whether the member is at it. A member reads their own.',
      params: userIdParam,
      response: { 200: earningLimitResponse },
    },
    handler: async (req) => ({ limit: await incomes.limit(actorOf(req), req.params.userId) }),
  });
  app.get('/incomes/summary/:userId', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'Incomes paid per kind (the ad bonus apart as add_income) in the last 7, 30 or 90 UTC days, the ' +
        'equal period before with the change in percent, since the start, and per day. A member reads their own.',
      params: userIdParam,
      querystring: summaryQuery,
      response: { 200: incomeSummary },
    },
    handler: async (req) => incomes.summary(actorOf(req), req.params.userId, req.query.period),
  });
  app.get('/incomes/admin/overview', {
    config: { access: 'admin', area: 'finance' },
    schema: {
      tags,
      description:
        'Incomes of a period (`from`..`to`, whole UTC days, default the last 30) per day, week or month and ' +
        'kind: paid, cut by the earning limit, totals per kind, members paid and the ten top earners.',
      querystring: overviewQuery,
      response: { 200: incomeOverview },
    },
    handler: async (req) => incomes.overview(req.query),
  });
  app.get('/incomes/transfer/:transferId', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description: 'The income a ledger transfer paid, with why it was paid (404 for other transfers).',
      params: transferIdParam,
      response: { 200: incomeDetailResponse },
    },
    handler: async (req) => ({ income: await incomes.byTransfer(actorOf(req), req.params.transferId) }),
  });
  app.get('/incomes', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        "A page of incomes, newest first, with the sums of the filter. A member sees their own; an admin a member's (user_id) or everyone's.",
      querystring: incomeListQuery,
      response: { 200: incomeListResponse },
    },
    handler: async (req) => incomes.list(actorOf(req), req.query),
  });
  app.get('/incomes/:id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'Why an income was paid: source member, level, base amount, percent, the earning limit and total ' +
        'before it, the amount computed, paid and cut, the ledger transfer and the cause.',
      params: idParam,
      response: { 200: incomeDetailResponse },
    },
    handler: async (req) => ({ income: await incomes.get(actorOf(req), req.params.id) }),
  });
}
