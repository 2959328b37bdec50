/**
 * Bonuses (spec 7, Bonus): `GET /api/v1/bonus`, `POST /api/v1/bonus/claim`, `PUT /api/v1/bonus/{id}`
 * under the versioned prefix, and `POST /bonus`, `DELETE /bonus/{id}` without it, as the spec lists
 * them (registered outside the /api/v1 scope by app.ts). Admins write (audited); members read the
 * active bonuses and claim their own.
 */
import {
  bonusBody,
  bonusClaimBody,
  bonusClaimResponse,
  bonusListResponse,
  bonusSavedResponse,
  bonusUpdateBody,
} from '@app/contracts/bonuses';
import { idParam, messageResponse } from '@app/contracts/common';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { BonusesService } from './service.js';

const tags = ['bonuses'];

/** The routes under /api/v1. */
export function bonusesRoutes(app: Api, bonuses: BonusesService) {
  app.get('/bonus', {
    config: { access: 'member-or-admin', area: 'any' },
    schema: {
      tags,
      description:
        'Admins: every bonus with its claims. Members: the active bonuses and when they can claim each.',
      response: { 200: bonusListResponse },
    },
    handler: async (req) => bonuses.list(actorOf(req)),
  });
  app.post('/bonus/claim', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'Claims the active bonus of `bonus_type` for the caller (`user_id` must be the caller), once per its period. ' +
        '`plan_id` is accepted as the spec sends it; the claim records the member’s own plan.',
      body: bonusClaimBody,
      response: { 200: bonusClaimResponse },
    },
    handler: async (req) => bonuses.claim(actorOf(req), req.body),
  });
  app.put('/bonus/:id', {
    config: { access: 'admin', area: 'owner' },
    schema: { tags, params: idParam, body: bonusUpdateBody, response: { 200: bonusSavedResponse } },
    handler: async (req) => bonuses.update(actorOf(req), req.params.id, req.body),
  });
}

/** The routes the spec lists without the version prefix: POST /bonus and DELETE /bonus/{id}. */
export function bonusesRootRoutes(app: Api, bonuses: BonusesService) {
  app.post('/bonus', {
    config: { access: 'admin', area: 'owner' },
    schema: { tags, body: bonusBody, response: { 201: bonusSavedResponse } },
    handler: async (req, reply) => reply.status(201).send(await bonuses.create(actorOf(req), req.body)),
  });
  app.delete('/bonus/:id', {
    config: { access: 'admin', area: 'owner' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => bonuses.remove(actorOf(req), req.params.id),
  });
}
