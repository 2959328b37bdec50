import { randomUUID } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pg from 'pg';
import { isConnectionError } from '../db/connection-errors.js';
import { AppError } from '../errors.js';
import { messageCode, statusCode, validationCode } from './error-codes.js';

const { DatabaseError } = pg;
type DatabaseError = pg.DatabaseError;

/** The answer while the database is away; money requests can be retried with the same Idempotency-Key. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable (database connection lost). Please try again in a moment.';

/**
 * PostgreSQL refusing a value the contracts should have refused first (a number past an `integer`
 * column, a NUL byte in text, malformed text for a typed column): the client's input, so a 400.
 * Logged at warn level with the route, because it means a contract lacks a bound.
 */
const DATA_ERRORS: Record<string, { message: string; code: string }> = {
  '22P02': { message: 'A value is not in the form its field takes', code: 'data.invalid_form' },
  '22003': { message: 'A number is out of range', code: 'data.number_out_of_range' },
  '22021': { message: 'Text must not contain NUL characters', code: 'data.nul_character' },
  '22001': { message: 'A text value is too long', code: 'data.text_too_long' },
  '22007': { message: 'A date or time is not valid', code: 'data.invalid_datetime' },
  '22008': { message: 'A date or time is out of range', code: 'data.datetime_out_of_range' },
};
/** The answers above, for tests that check no input reaches the database unbounded. */
export const DATA_ERROR_MESSAGES: ReadonlySet<string> = new Set(
  Object.values(DATA_ERRORS).map((e) => e.message),
);
export const STILL_REFERRED_TO = 'This record is still in use by other records, so it cannot be deleted';
export const REFERS_TO_MISSING = 'This refers to a record that does not exist';
export const ALREADY_EXISTS = 'This conflicts with a record that already exists';

/** The 4xx answer for a PostgreSQL error caused by the request, or null for anything else. */
function dataErrorAnswer(error: unknown): { status: number; message: string; code: string } | null {
  if (!(error instanceof DatabaseError) || !error.code) return null;
  const data = DATA_ERRORS[error.code];
  if (data) return { status: 400, ...data };
  // 23503 foreign_key_violation: deleting a row others still point at, or pointing at a missing one
  if (error.code === '23503') {
    return /still referenced/.test(error.detail ?? '')
      ? { status: 409, message: STILL_REFERRED_TO, code: 'data.still_referenced' }
      : { status: 409, message: REFERS_TO_MISSING, code: 'data.missing_reference' };
  }
  // 23505 unique_violation: two requests racing to create the same thing
  if (error.code === '23505') return { status: 409, message: ALREADY_EXISTS, code: 'data.already_exists' };
  return null;
}

/**
 * One place turns every failure into `{ message, code }`: typed errors keep their message, unknown
 * ones are logged. `code` is the stable key beside the spec's English message (error-codes.ts).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const code = error.answer?.code ?? messageCode(error.message, error.httpStatus);
      const params = error.answer?.params;
      return reply.status(error.httpStatus).send({ message: error.message, code, ...(params && { params }) });
    }
    const data = dataErrorAnswer(error);
    if (data) {
      const pg = error as unknown as DatabaseError;
      request.log.warn(
        { code: pg.code, detail: pg.detail, route: request.routeOptions.url },
        'database refused input',
      );
      return reply.status(data.status).send({ message: data.message, code: data.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const detail = issue?.message ?? 'Invalid request';
      return reply
        .status(400)
        .send({ message: where ? `${where}: ${detail}` : detail, code: validationCode(where) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'Request body is not valid JSON', code: 'http.invalid_json' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'Request body is too large', code: statusCode(413) });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send({ message: 'Send the request body as application/json', code: statusCode(415) });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: MSG.tooManyAttempts, code: 'msg.tooManyAttempts' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = messageCode(error.message, error.statusCode);
      return reply.status(error.statusCode).send({ message: error.message, code });
    }
    if (isConnectionError(error)) {
      // A database restart or failover, not a bug: 503 so clients and load balancers retry.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: DATABASE_UNAVAILABLE, code: statusCode(503) });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'unhandled error');
    return reply.status(500).send({ message: `${MSG.internal} (ref ${errorId})`, code: statusCode(500) });
  });
}
