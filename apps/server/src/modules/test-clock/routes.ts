import { z } from 'zod';
import type { OffsetClock } from '../../clock.js';
import type { Api } from '../../http/types.js';

const clockAnswer = z.object({ now: z.string() });

/**
 * `CLOCK_CONTROL=on` only (config refuses it in production): lets the browser tests move the
 * server's time forward. Public because the tests drive it like a fixture, not as a user.
 */
export function testClockRoutes(app: Api, clock: OffsetClock) {
  app.get(
    '/test/clock',
    { config: { access: 'public' }, schema: { response: { 200: clockAnswer } } },
    async () => ({ now: clock.now().toISOString() }),
  );
  app.post(
    '/test/clock',
    {
      config: { access: 'public' },
      schema: {
        body: z.strictObject({
          advance_seconds: z
            .number()
            .int()
            .min(0)
            .max(400 * 86_400),
        }),
        response: { 200: clockAnswer },
      },
    },
    async (req) => {
      clock.advance(req.body.advance_seconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );
}
