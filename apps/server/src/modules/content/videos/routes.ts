/**
 * Videos (spec 7: GET /api/v1/videos, /latest, /{id}; POST; PUT /{id}; DELETE /{id}). Answers are
 * wrapped in `data` with an optional `message`. Members and admins read (members watch the latest
 * on Watch and Earn); only admins write, audited.
 */
import { idParam } from '@app/contracts/common';
import {
  latestVideoResponse,
  videoBody,
  videoDeletedResponse,
  videoListResponse,
  videoResponse,
} from '@app/contracts/videos';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../errors.js';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { VideosService } from './service.js';

/** A refused body answers the form's own message (spec 5), without a field-path prefix. */
function assertValid(req: FastifyRequest) {
  const issue = req.validationError?.validation?.[0] as { message?: string } | undefined;
  if (req.validationError) throw badRequest(issue?.message ?? req.validationError.message);
}

export function videosRoutes(app: Api, videos: VideosService) {
  const tags = ['videos'];
  app.get('/videos', {
    config: { access: 'member-or-admin', area: 'content' },
    schema: { tags, description: 'The library, newest first.', response: { 200: videoListResponse } },
    handler: async () => videos.list(),
  });
  app.get('/videos/latest', {
    config: { access: 'member-or-admin', area: 'content' },
    schema: {
      tags,
      description: "Today's video (the newest); `data` is null with a message when the library is empty.",
      response: { 200: latestVideoResponse },
    },
    handler: async () => videos.latest(),
  });
  app.get('/videos/:id', {
    config: { access: 'member-or-admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: videoResponse } },
    handler: async (req) => videos.get(req.params.id),
  });
  app.post('/videos', {
    config: { access: 'admin', area: 'content' },
    attachValidation: true,
    schema: { tags, body: videoBody, response: { 201: videoResponse } },
    handler: async (req, reply) => {
      assertValid(req);
      return reply.status(201).send(await videos.create(actorOf(req), req.body));
    },
  });
  app.put('/videos/:id', {
    config: { access: 'admin', area: 'content' },
    attachValidation: true,
    schema: { tags, params: idParam, body: videoBody, response: { 200: videoResponse } },
    handler: async (req) => {
      assertValid(req);
      return videos.update(actorOf(req), req.params.id, req.body);
    },
  });
  app.delete('/videos/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: videoDeletedResponse } },
    handler: async (req) => videos.remove(actorOf(req), req.params.id),
  });
}
