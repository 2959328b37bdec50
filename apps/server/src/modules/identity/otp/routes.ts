import { otpSendBody, otpVerifyBody } from '@app/contracts/auth';
import { errorResponse, messageResponse } from '@app/contracts/common';
import { actorOf } from '../../../http/access.js';
import { HOUR, perAccount } from '../../../http/limits.js';
import type { Api } from '../../../http/types.js';
import type { OtpService } from './service.js';

export function otpRoutes(app: Api, otp: OtpService) {
  app.post('/otp/send', {
    config: { access: 'member-or-admin', area: 'any', rateLimit: { max: 10, timeWindow: '1 minute' } },
    // each send is a mail; the service also keeps a minute between two codes
    onRequest: perAccount('otp-send', { max: 6, windowMs: HOUR }),
    schema: { tags: ['auth'], body: otpSendBody, response: { 200: messageResponse, 400: errorResponse } },
    handler: async (req) => otp.send(actorOf(req), req.body.userId, req.body.email),
  });

  app.post('/otp/verify', {
    config: { access: 'member-or-admin', area: 'any', rateLimit: { max: 20, timeWindow: '1 minute' } },
    // each code allows 5 tries; this bounds tries across freshly sent codes too
    onRequest: perAccount('otp-verify', { max: 30, windowMs: HOUR }),
    schema: { tags: ['auth'], body: otpVerifyBody, response: { 200: messageResponse, 400: errorResponse } },
    handler: async (req) => otp.verify(actorOf(req), req.body.userId, req.body.otp),
  });
}
