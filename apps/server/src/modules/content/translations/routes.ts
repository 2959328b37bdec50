/**
 * The operator's words and languages (issue 38; contracts/translations.ts).
 *
 * Access: the back-office routes are the content role's (owners too; auditors read), every change
 * audited. GET /i18n and GET /i18n/{locale} are public: every visitor's browser needs them before it
 * shows a word, and they hold only what the site displays anyway. They answer with an ETag and
 * `no-cache` (keep, but ask again each time: a save shows at once, and an unchanged catalog costs a 304).
 */
import { errorResponse } from '@app/contracts/common';
import {
  catalogBody,
  catalogResult,
  defaultLanguageBody,
  languageAddBody,
  languageSaved,
  languagesResponse,
  languageUpdateBody,
  localeParam,
  publicCatalogResponse,
  publicLanguagesResponse,
  TRANSLATION_MSG,
  translationParams,
  translationSaveBody,
  translationSaved,
  translationsQuery,
  translationsResponse,
} from '@app/contracts/translations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../errors.js';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { Served, TranslationsService } from './service.js';

/** Sends a cached public answer, or 304 when the browser already holds this version. */
function sendServed(req: FastifyRequest, reply: FastifyReply, answer: Served) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'public, no-cache')
    .header('vary', 'accept-encoding');
  const held = req.headers['if-none-match'];
  if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag))
    return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * A whole catalog in one upload: the back-office's PO file alone is about 250 KB of English, a
 * Cyrillic or Devanagari one twice that, over the 100 KB every other body is held to. The limit
 * applies after the content role is checked (onRequest), so nobody else can send this much.
 */
const CATALOG_BODY_LIMIT = 8 * 1024 * 1024;

export function translationsRoutes(app: Api, t: TranslationsService) {
  const tags = ['languages'];
  const content = { access: 'admin', area: 'content' } as const;

  app.get('/i18n', {
    // public: see the header comment
    config: { access: 'public' },
    schema: {
      tags,
      description:
        'The languages the picker offers and the default one (ETag; revalidate with If-None-Match).',
      response: { 200: publicLanguagesResponse },
    },
    handler: async (req, reply) => sendServed(req, reply, await t.publicLanguages()),
  });
  app.get('/i18n/:locale', {
    config: { access: 'public' },
    schema: {
      tags,
      description:
        "The operator's messages for one language, compiled for Lingui's runtime, to load over the shipped catalog.",
      params: localeParam,
      response: { 200: publicCatalogResponse, 404: errorResponse },
    },
    handler: async (req, reply) => {
      const answer = await t.publicCatalog(req.params.locale);
      if (!answer) throw notFound(TRANSLATION_MSG.unknownLanguage);
      return sendServed(req, reply, answer);
    },
  });

  app.get('/translations', {
    config: content,
    schema: {
      tags,
      description:
        'The app messages in one language with the English source, the shipped text and the edited text.',
      querystring: translationsQuery,
      response: { 200: translationsResponse, 404: errorResponse },
    },
    handler: async (req) => t.list(req.query),
  });
  app.put('/translations/:locale/:id', {
    config: content,
    schema: {
      tags,
      params: translationParams,
      body: translationSaveBody,
      response: { 200: translationSaved, 404: errorResponse },
    },
    handler: async (req) => t.save(actorOf(req), req.params.locale, req.params.id, req.body),
  });
  app.delete('/translations/:locale/:id', {
    config: content,
    schema: { tags, params: translationParams, response: { 200: translationSaved, 404: errorResponse } },
    handler: async (req) => t.revert(actorOf(req), req.params.locale, req.params.id),
  });

  app.get('/languages', {
    config: content,
    schema: { tags, description: 'Every language with its coverage.', response: { 200: languagesResponse } },
    handler: async () => t.languages(),
  });
  app.post('/languages', {
    config: content,
    bodyLimit: CATALOG_BODY_LIMIT,
    schema: { tags, body: languageAddBody, response: { 201: catalogResult, 409: errorResponse } },
    handler: async (req, reply) => reply.status(201).send(await t.addLanguage(actorOf(req), req.body)),
  });
  app.put('/languages/default', {
    config: content,
    schema: {
      tags,
      body: defaultLanguageBody,
      response: { 200: languageSaved, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => t.setDefault(actorOf(req), req.body.locale),
  });
  app.patch('/languages/:locale', {
    config: content,
    schema: {
      tags,
      params: localeParam,
      body: languageUpdateBody,
      response: { 200: languageSaved, 404: errorResponse, 409: errorResponse },
    },
    handler: async (req) => t.updateLanguage(actorOf(req), req.params.locale, req.body),
  });
  app.post('/languages/:locale/catalog', {
    config: content,
    bodyLimit: CATALOG_BODY_LIMIT,
    schema: {
      tags,
      params: localeParam,
      body: catalogBody,
      response: { 200: catalogResult, 404: errorResponse },
    },
    handler: async (req) => t.uploadCatalog(actorOf(req), req.params.locale, req.body.catalog),
  });
}
