import {
  adminSigninResponse,
  registerBody,
  registerResponse,
  signinBody,
  signinResponse,
} from '@app/contracts/auth';
import { errorResponse, messageResponse } from '@app/contracts/common';
import { actorOf } from '../../http/access.js';
import type { Api } from '../../http/types.js';
import type { AuthService } from './service.js';

export function authRoutes(app: Api, auth: AuthService, loginRatePerIp: number) {
  const throttled = { max: loginRatePerIp, timeWindow: '1 minute' };
  const meta = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'],
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
    schema: { tags: ['auth'], body: signinBody, response: { 200: adminSigninResponse, 401: errorResponse } },
    handler: async (req) => auth.adminSignin(req.body, meta(req)),
  });

  app.get('/auth/signout', {
    config: { access: 'member' },
    schema: { tags: ['auth'], response: { 200: messageResponse } },
    handler: async (req) => auth.signout(actorOf(req)),
  });

  app.get('/auth/signoutadmin', {
    config: { access: 'admin' },
    schema: { tags: ['auth'], response: { 200: messageResponse } },
    handler: async (req) => auth.signout(actorOf(req)),
  });
}
