/**
 * Achievers (spec 7: POST /achivers/add with form data; GET /achivers/list; DELETE /achivers/{id};
 * plus GET and PUT /achivers/{id} and the photo itself, in the same style). Spelled `achivers` as the
 * spec writes it.
 *
 * Access: the reads (list, one achiever, the photo) are public. The home page shows achievers to
 * every visitor: names, achievements and photos an admin chose to publish, and an `<img>` cannot send
 * a bearer token. Every write is admin-only and audited.
 */
import {
  ACHIEVER_MSG,
  ACHIEVER_PHOTO_FIELD,
  ACHIEVER_PHOTO_MAX_BYTES,
  achieverAddFields,
  achieverListQuery,
  achieverPhotoParam,
  achieverSavedResponse,
  achieverUpdateFields,
  allAchieversResponse,
  singleAchieverResponse,
} from '@app/contracts/achievers';
import { idParam, messageResponse } from '@app/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import { acceptMultipart, readMultipart, sendImage } from '../../../http/uploads.js';
import type { AchieversService } from './service.js';

const MAX_MB = ACHIEVER_PHOTO_MAX_BYTES / 1024 / 1024;

/** The form of an add or edit: its text fields checked by `schema`, and the photo's bytes if sent. */
async function readForm<S extends z.ZodType>(req: FastifyRequest, schema: S) {
  const form = await readMultipart(req, {
    fileField: ACHIEVER_PHOTO_FIELD,
    maxFileBytes: ACHIEVER_PHOTO_MAX_BYTES,
    messages: { notMultipart: ACHIEVER_MSG.notMultipart, tooLarge: ACHIEVER_MSG.photoTooLarge },
  });
  const parsed = schema.safeParse(form.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid form');
  return { fields: parsed.data as z.output<S>, photo: form.file };
}

export function achieversRoutes(app: Api, achievers: AchieversService) {
  const tags = ['achievers'];

  app.get('/achivers/list', {
    // public: see the header comment
    config: { access: 'public' },
    schema: {
      tags,
      description: 'Every achiever, newest first, a page at a time.',
      querystring: achieverListQuery,
      response: { 200: allAchieversResponse },
    },
    handler: async (req) => achievers.list(req.query),
  });
  app.get('/achivers/:id', {
    config: { access: 'public' },
    schema: { tags, params: idParam, response: { 200: singleAchieverResponse } },
    handler: async (req) => ({ singleachiver: await achievers.get(req.params.id) }),
  });
  app.get('/achivers/photo/:file', {
    config: { access: 'public' },
    schema: { tags, description: "An achiever's photo itself.", params: achieverPhotoParam },
    handler: async (req, reply) => sendImage(reply, await achievers.photo(req.params.file)),
  });
  app.delete('/achivers/:id', {
    config: { access: 'admin', area: 'content' },
    schema: { tags, params: idParam, response: { 200: messageResponse } },
    handler: async (req) => achievers.remove(actorOf(req), req.params.id),
  });

  // Multipart parsing only where a photo is taken: its own scope, so no other route accepts it.
  app.register(async (scope) => {
    await acceptMultipart(scope, ACHIEVER_PHOTO_MAX_BYTES);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const formNote = `form data (multipart/form-data): text fields \`name\` and \`achievement\`, the photo as the file field \`${ACHIEVER_PHOTO_FIELD}\` (PNG, JPEG, WebP or GIF by content, at most ${MAX_MB} MB)`;

    typed.post('/achivers/add', {
      config: { access: 'admin', area: 'content' },
      schema: {
        tags,
        description: `Add an achiever: ${formNote}. All three are required.`,
        consumes: ['multipart/form-data'],
        response: { 201: achieverSavedResponse },
      },
      handler: async (req, reply) => {
        const { fields, photo } = await readForm(req, achieverAddFields);
        if (!photo) throw badRequest(ACHIEVER_MSG.photoMissing);
        return reply.status(201).send(await achievers.add(actorOf(req), fields, photo));
      },
    });

    typed.put('/achivers/:id', {
      config: { access: 'admin', area: 'content' },
      schema: {
        tags,
        description: `Edit an achiever: ${formNote}. Only what is sent changes; a new photo replaces the old one.`,
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: achieverSavedResponse },
      },
      handler: async (req) => {
        const { fields, photo } = await readForm(req, achieverUpdateFields);
        return achievers.update(actorOf(req), req.params.id, fields, photo);
      },
    });
  });
}
