import { MEMBER_RECORDS } from '@app/contracts/admins';
/**
 * Daily ROI (spec 7, Daily reward and referral): `PUT /referral/self-trade/{userId}` (no body) claims,
 * `GET /tr/roi-check/{userId}` answers `{ found, lastClaimTime }`, and
 * `POST /referral/watch-session` records that the member started today's video (or an ad).
 */
import {
  ROI_MSG,
  roiCheckResponse,
  roiClaimResponse,
  userIdParam,
  watchSessionBody,
  watchSessionResponse,
} from '@app/contracts/roi';
import { actorOf } from '../../../http/access.js';
import { headerText } from '../../../http/headers.js';
import type { Api } from '../../../http/types.js';
import type { RoiService } from './service.js';

export function roiRoutes(app: Api, roi: RoiService) {
  const tags = ['daily reward'];
  app.post('/referral/watch-session', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        'The member starts watching (`video`: the latest library video, `ad`: an ad for the ad bonus). ' +
        'A claim needs a session started at least `roi_watch_seconds` before it, and uses it up. Starting again ' +
        '(Watch Again) restarts the open session of that purpose.',
      body: watchSessionBody.nullish(),
      response: { 201: watchSessionResponse },
    },
    handler: async (req, reply) => {
      const session = await roi.startSession(actorOf(req), req.body?.purpose ?? 'video');
      return reply.status(201).send({ message: ROI_MSG.sessionStarted, session });
    },
  });
  app.put('/referral/self-trade/:userId', {
    config: { access: 'member' },
    schema: {
      tags,
      description:
        "Claims the member's own daily ROI (no body): active plan x the plan's daily ROI percent into `roi`, " +
        'level income to the uplines, the compound share to `compound`.',
      params: userIdParam,
      response: { 200: roiClaimResponse },
    },
    handler: async (req) =>
      roi.claim(actorOf(req), req.params.userId, {
        ip: req.ip,
        userAgent: headerText(req.headers['user-agent']),
        deviceId: headerText(req.headers['x-device-id']),
      }),
  });
  app.get('/tr/roi-check/:userId', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags,
      description:
        'Whether the member has claimed and when last; the screen counts down from `nextClaimTime`.',
      params: userIdParam,
      response: { 200: roiCheckResponse },
    },
    handler: async (req) => roi.check(actorOf(req), req.params.userId),
  });
}
