import { randomUUID } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionError } from '../db/connection-errors.js';
import { AppError } from '../errors.js';

/** The answer while the database is away; money requests can be retried with the same Idempotency-Key. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable (database connection lost). Please try again in a moment.';

/** One place turns every failure into `{ message }`: typed errors keep theirs, unknown ones are logged. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.httpStatus).send({ message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const detail = issue?.message ?? 'Invalid request';
      return reply.status(400).send({ message: where ? `${where}: ${detail}` : detail });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'Request body is not valid JSON' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'Request body is too large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the request body as application/json' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: MSG.tooManyAttempts });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isConnectionError(error)) {
      // A database restart or failover, not a bug: 503 so clients and load balancers retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    return reply.status(500).send({ message: `${MSG.internal} (ref ${errorId})` });
  });
}
