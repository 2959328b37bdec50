/**
 * Browser apps on other origins (CORS_ORIGINS) calling the API. Only API paths (/api/..., and the
 * spec's unversioned /bonus routes) answer them; the web app's own pages never do. The API
 * authenticates with `Authorization: Bearer`, never with cookies, so an allowed origin reads only
 * what its own token unlocks. Credentials are not allowed unless CORS_CREDENTIALS is on, for apps
 * whose HTTP client sends them (`withCredentials`): a browser refuses such an app's answers without
 * `Access-Control-Allow-Credentials: true`. Then too only the listed origins, each named back (the
 * list holds no `*`, and a browser ignores credentials with `*` anyway).
 * An origin not on the list gets no CORS header at all, and its preflight a 404.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Headers a client of the API sends: the token, the JSON body, the idempotency key of money routes. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Device-Id'];
/** Headers such a client may read: a CSV export's file name, a rate limit's wait. */
const EXPOSED_HEADERS = ['Content-Disposition', 'Retry-After'];

export function isApiPath(url: string) {
  const path = url.split('?', 1)[0]!;
  return path.startsWith('/api/') || path === '/bonus' || path.startsWith('/bonus/');
}

export async function registerCors(
  app: FastifyInstance,
  origins: readonly string[],
  options: { credentials: boolean } = { credentials: false },
) {
  if (origins.length === 0) {
    await app.register(cors, { origin: false });
    return;
  }
  const allowed = new Set(origins);
  const answers = (request: FastifyRequest) =>
    isApiPath(request.url) &&
    typeof request.headers.origin === 'string' &&
    allowed.has(request.headers.origin);
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(null, {
        origin: answers(request),
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ALLOWED_HEADERS,
        exposedHeaders: EXPOSED_HEADERS,
        credentials: options.credentials,
        maxAge: 600,
      }),
  });
  // Helmet's Cross-Origin-Resource-Policy (same-origin) would stop an allowed app from showing the
  // API's pictures (banner, achiever photos) with <img>, which sends no Origin to check. API answers
  // carry nothing a request without a token can read, so they are `cross-origin` here; the web
  // app's pages keep same-origin.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
