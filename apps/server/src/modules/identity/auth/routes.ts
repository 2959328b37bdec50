import {
  adminSessionResponse,
  adminSigninBody,
  adminSigninResponse,
  adminTotpSigninBody,
  registerBody,
  registerResponse,
  signinBody,
  signinResponse,
} from '@app/contracts/auth';
import { errorResponse, messageResponse } from '@app/contracts/common';
import { actorOf } from '../../../http/access.js';
import { headerText } from '../../../http/headers.js';
import type { Api } from '../../../http/types.js';
import { deviceCookie, deviceOf, newDevice } from '../admin-account/trusted.js';
import { clearResumeCookie, RESUME_IDLE_MINUTES, resumeCookie, resumeOf } from './resume.js';
import type { AuthService } from './service.js';

export function authRoutes(app: Api, auth: AuthService, loginRatePerIp: number) {
  const throttled = { max: loginRatePerIp, timeWindow: '1 minute' };
  const meta = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: headerText(req.headers['user-agent']),
    deviceId: headerText(req.headers['x-device-id']),
    acceptLanguage: headerText(req.headers['accept-language']),
  });

  app.post('/auth/register', {
    config: { access: 'public', rateLimit: throttled },
    schema: {
      tags: ['auth'],
      body: registerBody,
      response: { 201: registerResponse, 400: errorResponse, 403: errorResponse, 409: errorResponse },
    },
    handler: async (req, reply) => reply.status(201).send(await auth.register(req.body, meta(req))),
  });

  app.post('/auth/signin', {
    config: { access: 'public', rateLimit: throttled },
    schema: {
      tags: ['auth'],
      body: signinBody,
      response: { 200: signinResponse, 401: errorResponse, 403: errorResponse },
    },
    handler: async (req) => auth.signin(req.body, meta(req)),
  });

  app.post('/auth/adminsignin', {
    config: { access: 'public', rateLimit: throttled },
    schema: {
      tags: ['auth'],
      description:
        'The password step. With two-factor authentication on, answers `totp_required` and a ticket for /auth/adminsignin/totp instead of a session, unless `trusted_browser` is the token of a browser this admin trusted at the code step, sent with the `admin_device` cookie of that browser (12 hours; revoked with every end of all their sessions, a block or unblock, 2FA off or reset).',
      body: adminSigninBody,
      response: { 200: adminSigninResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    },
    handler: async (req, reply) => {
      const device = deviceOf(req.headers.cookie);
      const answer = await auth.adminSignin(req.body, {
        ...meta(req),
        ...(device ? { trustedDevice: device, trustedDeviceSent: true } : {}),
      });
      if (!('resume' in answer)) return answer;
      const { resume, ...session } = answer;
      reply.header('set-cookie', resumeCookie(resume, req.protocol === 'https'));
      return session;
    },
  });

  app.post('/auth/adminsignin/totp', {
    config: { access: 'public', rateLimit: throttled },
    schema: {
      tags: ['auth'],
      description:
        "The code step of an admin sign-in: the ticket of the password step and a TOTP code or an unused recovery code. Wrong codes count on the account's sign-in throttle; a code of the 30 s step already used is refused with a message to wait for the next code, and does not count. With `trust_browser`, the answer carries `trusted_browser`: a token that stands in for the code at this admin's password steps for 12 hours, from this browser only: the answer also sets the HttpOnly `admin_device` cookie the token is bound to.",
      body: adminTotpSigninBody,
      response: { 200: adminSessionResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    },
    handler: async (req, reply) => {
      // the browser keeps its device secret across grants (two admins of one browser share it)
      const sent = deviceOf(req.headers.cookie);
      const device = sent ?? newDevice();
      const { resume, ...answer } = await auth.adminSigninTotp(req.body, {
        ...meta(req),
        trustedDevice: device,
      });
      const secure = req.protocol === 'https';
      const cookies = [resumeCookie(resume, secure)];
      if (answer.trusted_browser) cookies.unshift(deviceCookie(device, secure));
      reply.header('set-cookie', cookies);
      return answer;
    },
  });

  app.post('/auth/adminsession', {
    config: { access: 'public', rateLimit: throttled },
    schema: {
      tags: ['auth'],
      description: `A reload or a new tab of the browser an admin signed in with resumes that session: a new token of the same session, from the HttpOnly, SameSite=Strict \`admin_resume\` cookie every admin sign-in sets (sent to this route only). 401 when the cookie is missing or its session was signed out, ended or left unused for ${RESUME_IDLE_MINUTES} minutes. The session keeps its end; signing out ends every tab's token and the cookie.`,
      response: { 200: adminSessionResponse, 401: errorResponse, 429: errorResponse },
    },
    handler: async (req) => auth.resumeAdmin(resumeOf(req.headers.cookie)),
  });

  app.get('/auth/signout', {
    config: { access: 'member' },
    schema: { tags: ['auth'], response: { 200: messageResponse } },
    handler: async (req) => auth.signout(actorOf(req)),
  });

  app.get('/auth/signoutadmin', {
    config: { access: 'admin', area: 'any', beforeTotp: true },
    schema: {
      tags: ['auth'],
      description: "Ends the admin's session in every tab of this browser and clears its resume cookie.",
      response: { 200: messageResponse },
    },
    handler: async (req, reply) => {
      reply.header('set-cookie', clearResumeCookie(req.protocol === 'https'));
      return auth.signout(actorOf(req));
    },
  });

  app.post('/auth/signout/everywhere', {
    config: { access: 'member' },
    schema: {
      tags: ['auth'],
      description: 'Ends every session of the calling member, on every device, this one included.',
      response: { 200: messageResponse },
    },
    handler: async (req) => auth.signoutEverywhere(actorOf(req)),
  });

  app.post('/auth/signoutadmin/everywhere', {
    config: { access: 'admin', area: 'any', beforeTotp: true },
    schema: {
      tags: ['auth'],
      description:
        'Ends every session of the calling admin, on every device, this one included, and stops trusting every browser they trusted at sign-in.',
      response: { 200: messageResponse },
    },
    handler: async (req, reply) => {
      reply.header('set-cookie', clearResumeCookie(req.protocol === 'https'));
      return auth.signoutEverywhere(actorOf(req));
    },
  });
}
