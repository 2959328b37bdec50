import { errorResponse } from '@app/contracts/common';
import { MSG } from '@app/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../../clock.js';
import { forbidden, unauthorized } from '../../../errors.js';
import type { Api } from '../../../http/types.js';
import type { SessionAuth } from '../../identity/auth/tokens.js';

/** A clock that can be moved forward (OffsetClock in a running server, ManualClock in tests). */
export type MovableClock = Clock & { advance(ms: number): void };

export function isMovable(clock: Clock): clock is MovableClock {
  return typeof (clock as Partial<MovableClock>).advance === 'function';
}

const clockAnswer = z.object({ now: z.string() });

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A caller on this machine: the socket's own address (not `request.ip`, which a trusted proxy may
 * rewrite), and no forwarding header, so a reverse proxy on the same host does not make every
 * visitor look local.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] || h.forwarded || h['x-real-ip']) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * `CLOCK_CONTROL=on` only (config refuses it in production): lets the browser tests move the
 * server's time forward. Even then only for a caller on the machine itself (the browser tests'
 * fixtures call it from 127.0.0.1) or an admin with a bearer token; anyone else gets 401/403.
 * Declared public so the access hook lets loopback callers through without a token; the check
 * below is the real rule.
 */
export function testClockRoutes(app: Api, clock: MovableClock, sessions: SessionAuth) {
  async function adminOrLoopback(request: FastifyRequest) {
    if (fromLoopback(request)) return;
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized(MSG.unauthenticated);
    const session = await sessions.verify(token, ['admin', 'member']);
    if (session.audience !== 'admin') throw forbidden(MSG.forbidden);
  }
  const description =
    'Browser tests only (CLOCK_CONTROL=on, never in production): callers on loopback, or an admin bearer token.';

  app.get(
    '/test/clock',
    {
      config: { access: 'public' },
      onRequest: adminOrLoopback,
      schema: { description, response: { 200: clockAnswer, 401: errorResponse, 403: errorResponse } },
    },
    async () => ({ now: clock.now().toISOString() }),
  );
  app.post(
    '/test/clock',
    {
      config: { access: 'public' },
      onRequest: adminOrLoopback,
      schema: {
        description,
        body: z.strictObject({
          advance_seconds: z
            .number()
            .int()
            .min(0)
            .max(400 * 86_400),
        }),
        response: { 200: clockAnswer, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => {
      clock.advance(req.body.advance_seconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );
}
