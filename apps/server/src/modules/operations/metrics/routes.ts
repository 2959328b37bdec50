/**
 * GET /metrics (Prometheus text format), outside /api: for the monitoring system, not for clients of
 * the API. No session: it is open to loopback and the METRICS_ALLOW addresses, or to anyone with
 * `Authorization: Bearer <METRICS_TOKEN>`; everyone else gets 403. Also times every answer of the
 * app by route pattern (the same `/api/v1/users/:id` however many ids are asked for).
 */
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../errors.js';
import type { MetricsService } from './service.js';

export const METRICS_REFUSED = 'Metrics are not available from this address';

/** Register on the root instance before the routes, so the timing hook sees every request. */
export function metricsRoutes(app: FastifyInstance, metrics: MetricsService) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    {
      // the session check does not apply; the address-or-token rule below decides
      config: { access: 'public' },
      schema: { hide: true },
      onRequest: async (request) => {
        // the headers a reverse proxy adds (the test clock's loopback rule reads the same three)
        const h = request.headers;
        const forwarded =
          h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
        const reader = {
          ip: request.ip,
          socketIp: request.socket.remoteAddress,
          forwarded,
          authorization: request.headers.authorization,
        };
        if (!metrics.mayRead(reader)) throw forbidden(METRICS_REFUSED);
      },
    },
    async (request, reply) => {
      const { text, backlogError } = await metrics.scrape();
      if (backlogError) request.log.warn({ err: backlogError }, 'metrics: backlog counts unavailable');
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
