import { idParam, messageResponse } from '@app/contracts/common';
import {
  actPlanBody,
  actPlanUpdateBody,
  allActPlansResponse,
  allPlansResponse,
  levelPercents,
  levelPercentsBody,
  plan,
  planBody,
  planUpdateBody,
  singleActPlanResponse,
  singlePlanResponse,
} from '@app/contracts/plans';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { PlansService } from './service.js';

export function plansRoutes(app: Api, plans: PlansService) {
  const admin = { access: 'admin' as const, area: 'owner' as const };
  const anyone = { access: 'member-or-admin' as const, area: 'any' as const };
  const tags = ['plans'];

  app.post('/plans/add', {
    config: admin,
    schema: { tags, body: planBody, response: { 201: messageResponse.extend({ plan }) } },
    handler: async (req, reply) =>
      reply.status(201).send({ message: 'Plan created', plan: await plans.add(actorOf(req), req.body) }),
  });
  app.get('/plans/list', {
    config: anyone,
    schema: {
      tags,
      description: 'Admins see every plan; members see the plans on sale.',
      response: { 200: allPlansResponse },
    },
    handler: async (req) => ({ allplans: await plans.list(actorOf(req).audience === 'admin') }),
  });
  app.get('/plans/levels', {
    config: anyone,
    schema: {
      tags,
      description: 'Level income percents (active and invest).',
      response: { 200: z.object({ levels: z.array(levelPercents) }) },
    },
    handler: async () => ({ levels: await plans.levels() }),
  });
  app.get('/plans/:id', {
    config: anyone,
    schema: { tags, params: idParam, response: { 200: singlePlanResponse } },
    handler: async (req) => ({ singleplan: await plans.get(req.params.id) }),
  });
  app.put('/plans/:id', {
    config: admin,
    schema: {
      tags,
      params: idParam,
      body: planUpdateBody,
      response: { 200: messageResponse.extend({ plan }) },
    },
    handler: async (req) => ({
      message: 'Plan updated',
      plan: await plans.update(actorOf(req), req.params.id, req.body),
    }),
  });
  app.delete('/plans/:id', {
    config: admin,
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => {
      await plans.remove(actorOf(req), req.params.id);
      return { message: 'Plan retired: hidden from members, kept for the purchases that used it' };
    },
  });
  for (const [url, kind] of [
    ['/plans/addactivelevel', 'active'],
    ['/plans/addinvestlevel', 'invest'],
  ] as const) {
    app.post(url, {
      config: admin,
      schema: { tags, body: levelPercentsBody, response: { 200: messageResponse } },
      handler: async (req) => {
        await plans.setLevels(actorOf(req), kind, req.body.levels, req.body.unlock_by_directs);
        return { message: 'Level percents saved' };
      },
    });
  }

  app.post('/actplan/add', {
    config: admin,
    schema: {
      tags,
      body: actPlanBody,
      response: { 201: messageResponse.extend(singleActPlanResponse.shape) },
    },
    handler: async (req, reply) =>
      reply.status(201).send({
        message: 'Activation plan created',
        singleactplan: await plans.addActPlan(actorOf(req), req.body),
      }),
  });
  app.get('/actplan/list', {
    config: anyone,
    schema: { tags, response: { 200: allActPlansResponse } },
    handler: async () => ({ allactplans: await plans.listActPlans() }),
  });
  app.get('/actplan/:id', {
    config: anyone,
    schema: { tags, params: idParam, response: { 200: singleActPlanResponse } },
    handler: async (req) => ({ singleactplan: await plans.getActPlan(req.params.id) }),
  });
  app.put('/actplan/:id', {
    config: admin,
    schema: {
      tags,
      params: idParam,
      body: actPlanUpdateBody,
      response: { 200: messageResponse.extend(singleActPlanResponse.shape) },
    },
    handler: async (req) => ({
      message: 'Activation plan updated',
      singleactplan: await plans.updateActPlan(actorOf(req), req.params.id, req.body),
    }),
  });
  app.delete('/actplan/:id', {
    config: admin,
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => {
      await plans.removeActPlan(actorOf(req), req.params.id);
      return { message: 'Activation plan deleted' };
    },
  });
}
