/**
 * Who may call a route. Every /api route must declare `config.access`; a route without one
 * fails at start-up (deny by default). The onRequest hook authenticates accordingly and puts the
 * caller on `request.actor`.
 */

import { type AdminAreas, type AdminRole, adminMay } from '@app/contracts/admins';
import { MSG } from '@app/contracts/messages';
import { TEAM_MSG } from '@app/contracts/team-messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';

export type Access = 'public' | 'member' | 'admin' | 'member-or-admin';
export type Audience = 'member' | 'admin';

export interface Actor {
  userId: number;
  audience: Audience;
  sessionId: string;
  ip: string;
  /** An admin's roles (what they may use); empty for a member. */
  roles: AdminRole[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The back-office area of a route an admin may call (`admin`, `member-or-admin`): with the
     * method, it decides which admin roles may (contracts/admins.ts `adminMay`). Required there.
     */
    area?: AdminAreas;
    /** A POST that only reads (a search with a body): auditors may call it like a GET. */
    reads?: boolean;
    /**
     * Open to an admin who must still set up two-factor authentication (the platform requires it
     * and they have none): the TOTP set-up routes and sign-out. Every other route answers 403 to them.
     */
    beforeTotp?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * What this layer asks of sessions (modules/identity/auth/tokens.ts `SessionAuth` is one). Declared here so
 * the HTTP layer imports no feature: the arrow runs from modules/identity/auth to here, never back.
 */
export interface SessionVerifier {
  verify(
    token: string,
    allowed: Audience[],
  ): Promise<{
    userId: number;
    audience: Audience;
    sessionId: string;
    totpSetupRequired: boolean;
    roles: AdminRole[];
  }>;
}

export function registerAccessControl(app: FastifyInstance, sessions: SessionVerifier) {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const { access, area } = (route.config ?? {}) as { access?: Access; area?: AdminAreas };
    if (route.url.startsWith('/api/') && !access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    if ((access === 'admin' || access === 'member-or-admin') && !area) {
      throw new Error(`Route ${route.method} ${route.url} is open to admins but names no area`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    // A signed-in caller's answers are theirs alone: no browser, proxy or CDN may keep a copy (a
    // shared computer's back button, a cache keyed without Authorization). Set before signing in is
    // checked, so refusals carry it too; a route may still choose otherwise for its own answer.
    reply.header('cache-control', 'no-store');
    const token = bearer(request);
    if (!token) throw unauthorized(MSG.unauthenticated);
    // Both audiences are verified, so a valid session of the other kind is told 403 (it is signed
    // in, as the wrong kind of user), not 401 "session ended".
    const { totpSetupRequired, ...session } = await sessions.verify(token, ['member', 'admin']);
    if (access !== 'member-or-admin' && session.audience !== access) throw forbidden(MSG.forbidden);
    if (totpSetupRequired && !request.routeOptions.config.beforeTotp) throw forbidden(MSG.totpSetupRequired);
    if (session.audience === 'admin') {
      const area = request.routeOptions.config.area ?? 'owner';
      if (!adminMay(session.roles, area, isWrite(request.method, request.routeOptions.config.reads)))
        throw forbidden(TEAM_MSG.adminRoleMissing);
    }
    request.actor = { ...session, ip: request.ip };
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Whether a call changes something, for the roles that only read (contracts/admins.ts). */
export const isWrite = (method: string, reads?: boolean) => !reads && !READS.has(method);

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The authenticated caller; only for routes whose access is not public. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(MSG.unauthenticated);
  return request.actor;
}

/** A member may act only on their own id; an admin on anyone. */
export function assertSelfOrAdmin(actor: Actor, userId: number) {
  if (actor.audience !== 'admin' && actor.userId !== userId) throw forbidden(MSG.forbidden);
}
