import { passForgetBody, passResetBody } from '@app/contracts/auth';
import { errorResponse, messageResponse } from '@app/contracts/common';
import type { Api } from '../../http/types.js';
import type { PasswordService } from './service.js';

export function passwordRoutes(app: Api, passwords: PasswordService) {
  app.post('/pass/forget', {
    config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: { tags: ['auth'], body: passForgetBody, response: { 200: messageResponse } },
    handler: async (req) => passwords.forget(req.body.email),
  });

  app.post('/pass/reset', {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags: ['auth'], body: passResetBody, response: { 200: messageResponse, 400: errorResponse } },
    handler: async (req) => passwords.reset(req.body.token, req.body.password),
  });
}
