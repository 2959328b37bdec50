import { MEMBER_RECORDS } from '@app/contracts/admins';
import { approvalPendingResponse } from '@app/contracts/approvals';
import { idParam, messageResponse } from '@app/contracts/common';
import {
  allRewardPlansResponse,
  allRewardsResponse,
  carryForwardResponse,
  claimResponse,
  defaulterRewardResponse,
  initializeBody,
  initializeResponse,
  memberRewardsResponse,
  rewardBusinessResponse,
  rewardPayoutQuery,
  rewardPlan,
  rewardPlanBody,
  rewardPlanUpdateBody,
  sendRewardBody,
  sendRewardResponse,
  stagePinBody,
  stagePinQuery,
} from '@app/contracts/rewards';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { MoneyGates } from '../../money/approvals/gates.js';
import type { RewardsService } from './service.js';

export function rewardsRoutes(app: Api, rewards: RewardsService, gates: MoneyGates) {
  const admin = { access: 'admin' as const, area: 'owner' as const };
  /** Paying and reading who is paid: finance's work. */
  const finance = { access: 'admin' as const, area: 'finance' as const };
  const anyone = { access: 'member-or-admin' as const, area: MEMBER_RECORDS };
  const rules = { access: 'member-or-admin' as const, area: 'any' as const };
  const tags = ['rewards'];

  // Reward plans (spec 7: POST to the base root creates).
  app.get('/rewards', {
    config: rules,
    schema: {
      tags,
      description: 'Admins see every plan; members the plans on offer.',
      response: { 200: allRewardPlansResponse },
    },
    handler: async (req) => ({ allrewardplans: await rewards.listPlans(actorOf(req)) }),
  });
  app.post('/rewards', {
    config: admin,
    schema: { tags, body: rewardPlanBody, response: { 201: messageResponse.extend({ reward: rewardPlan }) } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ message: 'Reward plan created', reward: await rewards.createPlan(actorOf(req), req.body) }),
  });
  app.put('/rewards/:id', {
    config: admin,
    schema: {
      tags,
      params: idParam,
      body: rewardPlanUpdateBody,
      response: { 200: messageResponse.extend({ reward: rewardPlan }) },
    },
    handler: async (req) => ({
      message: 'Reward plan updated',
      reward: await rewards.updatePlan(actorOf(req), req.params.id, req.body),
    }),
  });
  app.delete('/rewards/:id', {
    config: admin,
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => {
      await rewards.removePlan(actorOf(req), req.params.id);
      return { message: 'Reward plan deleted: no new stage opens on it; open stages run to their end' };
    },
  });

  // A member's stages.
  app.post('/rewards/initialize', {
    config: anyone,
    schema: {
      tags,
      description:
        'Opens the member’s next stage (the first one to begin with); answers 200 with the open stage when one is open.',
      body: initializeBody,
      response: { 200: initializeResponse, 201: initializeResponse },
    },
    handler: async (req, reply) => {
      const { created, ...result } = await rewards.initialize(actorOf(req), req.body.user_id);
      return reply.status(created ? 201 : 200).send(result);
    },
  });
  app.get('/rewards/user/:id', {
    config: anyone,
    schema: { tags, params: idParam, response: { 200: memberRewardsResponse } },
    handler: async (req) => rewards.view(actorOf(req), req.params.id),
  });
  app.get('/rewards/user/business/:id', {
    config: anyone,
    schema: {
      tags,
      description: 'Team business of the open stage, per leg, with the leg cap applied.',
      params: idParam,
      response: { 200: rewardBusinessResponse },
    },
    handler: async (req) => ({ business: await rewards.business(actorOf(req), req.params.id) }),
  });
  app.get('/rewards/user/claim/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'Claims the qualified open stage (a GET, as the spec has it): pays its reward into earnings once and opens the next stage. `stage_id` pins the stage: a repeat answers with the same payout.',
      params: idParam,
      querystring: stagePinQuery,
      // a GET that writes: a stage not qualified yet, or claimed under another pin, is a conflict
      response: { 200: claimResponse, 409: messageResponse },
    },
    handler: async (req) => rewards.claim(actorOf(req), req.params.id, req.query.stage_id),
  });
  app.put('/rewards/carry-forward/:id', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'Closes the open stage, achieved or not, keeps its business per leg, and opens the next stage. `stage_id` pins the stage.',
      params: idParam,
      body: stagePinBody,
      response: { 200: carryForwardResponse },
    },
    handler: async (req) => rewards.carryForward(actorOf(req), req.params.id, req.body?.stage_id),
  });

  // The Users calls of rewards.
  app.get('/users/rewards', {
    config: finance,
    schema: {
      tags,
      description: 'Every reward paid (claimed or sent by hand).',
      querystring: rewardPayoutQuery,
      response: { 200: allRewardsResponse },
    },
    handler: async (req) => rewards.list(req.query),
  });
  app.post('/users/send/reward', {
    config: finance,
    schema: {
      tags,
      description: 'A reward sent by hand: waits for a second finance admin (202), then pays.',
      body: sendRewardBody,
      response: { 202: approvalPendingResponse },
    },
    handler: async (req, reply) => reply.status(202).send(await gates.reward(actorOf(req), req.body)),
  });
  app.get('/users/get/defaulterreward/:id', {
    config: anyone,
    schema: {
      tags,
      description:
        'Stages whose window ended without reaching the threshold; `pending` when the open one did.',
      params: idParam,
      response: { 200: defaulterRewardResponse },
    },
    handler: async (req) => ({
      userrewardnotification: await rewards.defaulter(actorOf(req), req.params.id),
    }),
  });
}
