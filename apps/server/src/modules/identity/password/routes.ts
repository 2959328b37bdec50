import { passForgetBody, passResetBody } from '@app/contracts/auth';
import { errorResponse, messageResponse } from '@app/contracts/common';
import { MSG } from '@app/contracts/messages';
import { HOUR, perValue } from '../../../http/limits.js';
import type { Api } from '../../../http/types.js';
import type { PasswordService } from './service.js';

/** Reset mails one address may receive per hour, however many addresses ask. */
export const RESET_MAILS_PER_ADDRESS = { max: 3, windowMs: HOUR };

export function passwordRoutes(app: Api, passwords: PasswordService) {
  app.post('/pass/forget', {
    config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
    // per address, whoever asks from wherever: a mailbox cannot be flooded with reset mails. Every
    // address counts, registered or not, so the answer still tells nothing about who has an account.
    preHandler: perValue(
      'forget-email',
      RESET_MAILS_PER_ADDRESS,
      (req) => (req.body as { email: string }).email,
      MSG.tooManyResetMails,
    ),
    schema: {
      tags: ['auth'],
      body: passForgetBody,
      response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
    },
    handler: async (req) => passwords.forget(req.body.email),
  });

  app.post('/pass/reset', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags: ['auth'], body: passResetBody, response: { 200: messageResponse, 400: errorResponse } },
    handler: async (req) => passwords.reset(req.body.token, req.body.password, req.ip),
  });
}
