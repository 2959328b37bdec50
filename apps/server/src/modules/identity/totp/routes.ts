import { errorResponse, messageResponse } from '@app/contracts/common';
import {
  totpDisableBody,
  totpEnableBody,
  totpEnableResponse,
  totpSetupResponse,
  totpStatusResponse,
} from '@app/contracts/totp';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { TotpService } from './service.js';

/** The caller's own two-factor authentication; open while the platform still waits for their set-up. */
export function totpRoutes(app: Api, totp: TotpService) {
  const config = { access: 'admin', area: 'any', beforeTotp: true } as const;

  app.get('/totp', {
    config,
    schema: { tags: ['totp'], response: { 200: totpStatusResponse } },
    handler: async (req) => totp.status(actorOf(req)),
  });

  app.post('/totp/setup', {
    config,
    schema: {
      tags: ['totp'],
      description:
        'Starts (or restarts) a set-up: a new secret for an authenticator app, shown in this answer only. Refused while two-factor authentication is on.',
      response: { 200: totpSetupResponse, 409: errorResponse },
    },
    handler: async (req) => totp.setup(actorOf(req)),
  });

  app.post('/totp/enable', {
    config,
    schema: {
      tags: ['totp'],
      description:
        "Turns two-factor authentication on with a first code from the app; answers the recovery codes (shown once) and ends the caller's other sessions.",
      body: totpEnableBody,
      response: { 200: totpEnableResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (req) => totp.enable(actorOf(req), req.body.code),
  });

  app.post('/totp/disable', {
    config,
    schema: {
      tags: ['totp'],
      description: 'Turns two-factor authentication off with a current code or a recovery code.',
      body: totpDisableBody,
      response: { 200: messageResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (req) => totp.disable(actorOf(req), req.body.code),
  });
}
