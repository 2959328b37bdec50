import {
  adminAccountResponse,
  adminEmailBody,
  adminEmailConfirmBody,
  adminEmailConfirmResponse,
  adminEmailStartResponse,
  adminPasswordBody,
} from '@app/contracts/admin-account';
import { errorResponse, int8Param, messageResponse } from '@app/contracts/common';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import { HOUR, perAccount } from '../../../http/limits.js';
import type { Api } from '../../../http/types.js';
import type { AdminAccountService } from './service.js';
import type { TrustedBrowsers } from './trusted.js';

const tags = ['admin account'];
/** Every admin's own account, whatever their roles. */
const config = { access: 'admin', area: 'any' } as const;
const browserParam = z.object({ id: int8Param });

export function adminAccountRoutes(app: Api, account: AdminAccountService, trusted: TrustedBrowsers) {
  app.get('/admin-account', {
    config,
    schema: {
      tags,
      description: "The caller's address, an e-mail change waiting for its code, and their trusted browsers.",
      response: { 200: adminAccountResponse },
    },
    handler: async (req) => account.account(actorOf(req)),
  });

  app.post('/admin-account/password', {
    config,
    schema: {
      tags,
      description:
        "Changes the caller's password: the current one (counted on the account's sign-in delays), then a new one of at least 12 characters that is not a common password. Ends the caller's other sessions and every trusted browser; audited; the admin gets a mail.",
      body: adminPasswordBody,
      response: { 200: messageResponse, 400: errorResponse, 429: errorResponse },
    },
    handler: async (req) => account.changePassword(actorOf(req), req.body),
  });

  app.post('/admin-account/email', {
    config,
    onRequest: perAccount('admin-email-send', { max: 6, windowMs: HOUR }),
    schema: {
      tags,
      description:
        'Starts an e-mail change: the current password and the new address (not used by any account); a 6-digit code goes to the new address, valid 10 minutes. A new request replaces the waiting one, at most once a minute.',
      body: adminEmailBody,
      response: { 200: adminEmailStartResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
    },
    handler: async (req) => account.startEmailChange(actorOf(req), req.body),
  });

  app.post('/admin-account/email/confirm', {
    config,
    onRequest: perAccount('admin-email-confirm', { max: 30, windowMs: HOUR }),
    schema: {
      tags,
      description:
        'Confirms the e-mail change with the code sent to the new address (5 tries per code). Audited; the old address gets a notice.',
      body: adminEmailConfirmBody,
      response: {
        200: adminEmailConfirmResponse,
        400: errorResponse,
        409: errorResponse,
        429: errorResponse,
      },
    },
    handler: async (req) => account.confirmEmailChange(actorOf(req), req.body.code),
  });

  app.delete('/admin-account/trusted-browsers/:id', {
    config,
    schema: {
      tags,
      description: "Stops trusting one of the caller's browsers: its next sign-in asks for the code again.",
      params: browserParam,
      response: { 200: messageResponse, 404: errorResponse },
    },
    handler: async (req) => trusted.revoke(actorOf(req), req.params.id),
  });
}
