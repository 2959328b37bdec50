import { MEMBER_RECORDS } from '@app/contracts/admins';
import { approvalPendingResponse } from '@app/contracts/approvals';
import { errorResponse, messageResponse } from '@app/contracts/common';
import {
  emailQuery,
  emailUserResponse,
  nonUserListResponse,
  singleUserResponse,
  userIdParam,
  userListQuery,
  userListResponse,
  userStatsResponse,
  walletsResponse,
} from '@app/contracts/users';
import { z } from 'zod';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { AccountGate } from '../../money/approvals/account-gate.js';
import type { UsersService } from './service.js';
import type { EmailVerifier } from './verify-email.js';

export function usersRoutes(
  app: Api,
  users: UsersService,
  verifier: EmailVerifier,
  accountGate: AccountGate,
) {
  app.get('/users/list', {
    config: { access: 'admin', area: MEMBER_RECORDS },
    schema: { tags: ['users'], querystring: userListQuery, response: { 200: userListResponse } },
    handler: async (req) => {
      const { users: allusers, ...page } = await users.list(req.query);
      return { allusers, ...page };
    },
  });

  app.get('/users/non/users', {
    config: { access: 'admin', area: MEMBER_RECORDS },
    schema: {
      tags: ['users'],
      description: 'Members who have not activated a plan yet (is_active inactive).',
      querystring: userListQuery,
      response: { 200: nonUserListResponse },
    },
    handler: async (req) => {
      const { users: allnonusers, ...page } = await users.list({ ...req.query, onlyInactive: true });
      return { allnonusers, ...page };
    },
  });

  app.get('/users/stats', {
    config: { access: 'admin', area: 'any' },
    schema: {
      tags: ['users'],
      description: 'Member figures for the admin dashboard.',
      response: { 200: userStatsResponse },
    },
    handler: async () => users.stats(),
  });

  app.get('/users', {
    config: { access: 'admin', area: MEMBER_RECORDS },
    schema: {
      tags: ['users'],
      querystring: emailQuery,
      response: { 200: emailUserResponse, 404: errorResponse },
    },
    handler: async (req) => ({ emailuser: await users.byEmail(req.query.email) }),
  });

  app.get('/users/:id', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags: ['users'],
      params: userIdParam,
      response: { 200: singleUserResponse, 404: errorResponse },
    },
    handler: async (req) => users.get(actorOf(req), req.params.id),
  });

  app.get('/users/:id/wallets', {
    config: { access: 'member-or-admin', area: MEMBER_RECORDS },
    schema: {
      tags: ['users'],
      description: 'Wallet balances: available now, and held by pending withdrawals.',
      params: userIdParam,
      response: { 200: walletsResponse },
    },
    handler: async (req) => users.wallets(actorOf(req), req.params.id),
  });

  app.put('/users/:id', {
    config: { access: 'member-or-admin', area: 'support' },
    schema: {
      tags: ['users'],
      description:
        "A member edits their own profile (selfUpdateBody: fullname, phone, address, bep20, trc20, locale, password with current_password); an admin edits anyone (adminUpdateBody, spec 2.2), but never a member's password, payout address or language (`locale`, 403), and a member's e-mail, sponsor or business changes only when a second admin approves (202, POST /approvals/{id}/approve).",
      params: userIdParam,
      body: z.record(z.string(), z.unknown()),
      response: { 200: messageResponse, 202: approvalPendingResponse, 400: errorResponse },
    },
    handler: async (req, reply) => {
      const { status, body } = await accountGate.update(actorOf(req), req.params.id, req.body);
      return reply.status(status).send(body as never);
    },
  });

  app.post('/users/:id/verify-email', {
    config: { access: 'admin', area: 'support' },
    schema: {
      tags: ['users'],
      description:
        "Marks a member's e-mail verified by hand (verify_at), for a member whose code never arrived; what needs a verified e-mail (transfers, withdrawals) then opens. Audited. 400 when it is verified already.",
      params: userIdParam,
      response: { 200: messageResponse, 400: errorResponse, 404: errorResponse },
    },
    handler: async (req) => verifier.markVerified(actorOf(req), req.params.id),
  });

  app.delete('/users/:id', {
    config: { access: 'admin', area: 'support' },
    schema: { tags: ['users'], params: userIdParam, response: { 200: messageResponse, 400: errorResponse } },
    handler: async (req) => users.remove(actorOf(req), req.params.id),
  });
}
