/**
 * The HTTP server every instance starts from, before any feature: its limits, headers, CORS, the
 * validators and serializers of the contracts, and the OpenAPI document. buildApp adds the rest.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { registerCors } from './cors.js';
import { registerNestingLimit } from './nesting.js';
import { openApiTransform, openApiTransformObject } from './openapi.js';
import { registerSecurityHeaders } from './security-headers.js';
import { serializerCompiler } from './serialize.js';
import { validatorCompiler } from './validate.js';

export async function createHttpServer(
  config: Config,
  logger: FastifyServerOptions['logger'] | undefined,
  connectSrc: string[],
) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: 100 * 1024,
    // only the configured proxies may name the client's address (empty list: the socket's address)
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  // While shutting down, answers carry `Connection: close` so keep-alive clients let go once their
  // request is done, instead of holding the server open for the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  registerNestingLimit(app);
  app.setSerializerCompiler(serializerCompiler);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...connectSrc],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      },
    },
  });
  await registerCors(app, config.CORS_ORIGINS, { credentials: config.CORS_CREDENTIALS });
  return app;
}

/** The OpenAPI document (`GET /api/v1/docs`) and its browsable view, from every route's contract. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'EarnHub API',
        version: '1.0.0',
        description: 'Membership, referral and crypto-earnings platform',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // security, x-access and the generic 4xx answers derived from each route's config.access
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs/ui' });
}
