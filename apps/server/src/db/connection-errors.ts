/**
 * Telling "the database is away" (restart, failover, pg_terminate_backend, network) apart from
 * every other failure: those requests answer 503 and may be retried with the same idempotency key,
 * while anything else stays a 500 with a logged id.
 */

/** Socket errors from Node, and the SQLSTATEs of a server going down or refusing connections. */
const CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** What pg says, without a code, about a socket that closed under it. */
const MESSAGES = [/Connection terminated/i, /not queryable/i, /Connection ended unexpectedly/i];

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // 08xxx: connection_exception and its subclasses
  if (typeof code === 'string' && (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // Node reports a refused connection to a name with several addresses as an AggregateError
  if (error instanceof AggregateError && error.errors.some(isConnectionError)) return true;
  return MESSAGES.some((pattern) => pattern.test(error.message));
}
