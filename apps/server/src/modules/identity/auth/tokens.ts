import { blockedMessage } from '@app/contracts/support-contact';
import { readSettings } from '../../operations/settings/service.js';

/**
 * Sessions: a signed JWT (HS256) names a row of `sessions`; the row decides whether it still
 * works, so sign-out, password changes and blocking revoke a token at once. The audience
 * (member or admin) is both in the JWT and on the row: the two kinds are not interchangeable.
 */

import { randomUUID } from 'node:crypto';
import type { AdminRole } from '@app/contracts/admins';
import { SESSION_HOURS } from '@app/contracts/auth';
import { MSG } from '@app/contracts/messages';
import { TOTP_RULES } from '@app/contracts/totp';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../../clock.js';
import { prepared, type Queryable } from '../../../db/pool.js';
import { unauthorized } from '../../../errors.js';
import type { Audience } from '../../../http/access.js';
import { revokeTrustedBrowsers } from '../admin-account/repo.js';
import { touchSeen } from './resume-repo.js';
import type { SessionCache } from './session-cache.js';

const ISSUER = 'earnhub';
/** The audience of the ticket between an admin's password and their TOTP code: never a session. */
const TOTP_TICKET = 'admin-totp';

/** A verified second-step ticket: whose, which one (spent by the code step), until when. */
export interface TotpTicket {
  userId: number;
  id: string;
  expiresAt: Date;
}

export interface IssuedToken {
  token: string;
  expireAt: Date;
}

const insertSessionSql = prepared(
  'auth_insert_session',
  `INSERT INTO sessions (user_id, audience, created_at, expires_at, ip, user_agent)
   VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
);

/** The address and user agent a session row keeps. */
export const sessionSource = (meta: { ip?: string; userAgent?: string }) =>
  [meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null] as const;

export class SessionAuth {
  /**
   * The HMAC key, imported once: given the raw secret, jose imports it again on every sign and
   * verify, which doubled their cost here (about 75 µs each against 45).
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    private readonly db: Queryable,
    secret: string,
    private readonly clock: Clock,
    /** Checked member sessions kept in process, ended by NOTIFY (session-cache.ts); null: none. */
    private readonly cache: SessionCache | null = null,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(
    q: Queryable,
    userId: number,
    audience: Audience,
    meta: { ip?: string; userAgent?: string },
  ): Promise<IssuedToken & { sessionId: string }> {
    const term = this.term(audience);
    const { rows } = await q.query<{ id: string }>(
      insertSessionSql([userId, audience, term.now, term.expireAt, ...sessionSource(meta)]),
    );
    const sessionId = rows[0]!.id;
    return { ...(await this.sign(sessionId, userId, audience, term)), sessionId };
  }

  /** When a session of `audience` starting now ends. */
  term(audience: Audience) {
    const now = this.clock.now();
    return { now, expireAt: new Date(now.getTime() + SESSION_HOURS[audience] * 3600_000) };
  }

  /** The token of a session row written by the caller (see auth repo registerMember). */
  async sign(
    sessionId: string,
    userId: number,
    audience: Audience,
    term: { now: Date; expireAt: Date },
  ): Promise<IssuedToken> {
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setAudience(audience)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(term.now.getTime() / 1000))
      .setExpirationTime(Math.floor(term.expireAt.getTime() / 1000))
      .sign(await this.key);
    return { token, expireAt: term.expireAt };
  }

  /** The session behind a token, if it is valid for one of `allowed` and not revoked or expired. */
  async verify(
    token: string,
    allowed: Audience[],
  ): Promise<{
    userId: number;
    audience: Audience;
    sessionId: string;
    totpSetupRequired: boolean;
    roles: AdminRole[];
  }> {
    const hit = await this.cached(token, allowed);
    if (hit) return hit;
    const generation = this.cache?.mark() ?? 0;
    let payload: { sid?: unknown; sub?: string; aud?: unknown; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: allowed,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      }));
    } catch {
      throw unauthorized(MSG.sessionEnded);
    }
    if (typeof payload.sid !== 'string') throw unauthorized(MSG.sessionEnded);
    // totp_setup_required: the platform requires TOTP of every admin, or of a role this one holds
    // (settings admin_totp_required, admin_totp_required_roles: contracts totpRequiredFor), and this
    // one has none yet; read with the session on every request, so turning a setting on holds at once.
    const { rows } = await this.db.query<{
      user_id: bigint;
      audience: Audience;
      totp_setup_required: boolean;
      admin_roles: AdminRole[];
    }>(
      `SELECT s.user_id, s.audience, u.admin_roles,
              s.audience = 'admin'
                AND (COALESCE((SELECT value = 'true'::jsonb FROM settings WHERE key = 'admin_totp_required'), false)
                  OR COALESCE((SELECT jsonb_typeof(value) = 'array' AND value ?| u.admin_roles
                                 FROM settings WHERE key = 'admin_totp_required_roles'), false))
                AND NOT EXISTS (SELECT 1 FROM admin_totp t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)
                AS totp_setup_required
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
          AND u.status = 'unblock'
          AND u.role = CASE s.audience WHEN 'admin' THEN 'admin' ELSE 'user' END`,
      [payload.sid, this.clock.now()],
    );
    const row = rows[0];
    if (!row)
      throw unauthorized(
        (await this.isBlocked(payload.sub)) ? blockedMessage(await readSettings(this.db)) : MSG.sessionEnded,
      );
    if (!allowed.includes(row.audience) || String(row.user_id) !== payload.sub) {
      throw unauthorized(MSG.sessionEnded);
    }
    // what a reload's resume counts its idle window from (auth/resume.ts); admins only, at most once a minute
    if (row.audience === 'admin') await touchSeen(this.db, payload.sid, this.clock.now());
    const session = { userId: Number(row.user_id), audience: row.audience, sessionId: payload.sid };
    this.cache?.put(token, { ...session, expiresAt: (payload.exp ?? 0) * 1000 }, generation);
    return { ...session, totpSetupRequired: row.totp_setup_required, roles: row.admin_roles };
  }

  /**
   * Whether the token's member (its signature checked) is blocked: the refusal then says 'Access
   * Denied' (spec 2.6/6), which the sign-in page shows, rather than that the session ended. Blocking
   * ends the member's sessions; this only names why. Read on the refusal path only.
   */
  private async isBlocked(subject: string | undefined): Promise<boolean> {
    if (!subject || !/^[1-9][0-9]{0,17}$/.test(subject)) return false;
    const { rowCount } = await this.db.query(
      `SELECT 1 FROM users WHERE id = $1::bigint AND status = 'block' AND role = 'user'`,
      [subject],
    );
    return (rowCount ?? 0) > 0;
  }

  /**
   * A member session this process checked a moment ago (the same token, byte for byte), unless a
   * notice ended it. I/O already received is let through first, so a notice that reached this
   * process before the request is applied before the answer.
   */
  private async cached(token: string, allowed: Audience[]) {
    if (!this.cache?.get(token, this.clock.now().getTime())) return null;
    await new Promise((resolve) => setImmediate(resolve));
    const hit = this.cache.get(token, this.clock.now().getTime());
    if (!hit || !allowed.includes(hit.audience)) return null;
    return {
      userId: hit.userId,
      audience: hit.audience,
      sessionId: hit.sessionId,
      totpSetupRequired: false,
      roles: [],
    };
  }

  /** Proof that an admin passed the password step; worth one TOTP step within a few minutes. */
  async issueTotpTicket(userId: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return (
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setAudience(TOTP_TICKET)
        .setIssuer(ISSUER)
        .setIssuedAt(now)
        .setExpirationTime(now + TOTP_RULES.signinTicketMinutes * 60)
        // the id the code step spends, so the ticket opens one session at most (issue 29.20)
        .setJti(randomUUID())
        .sign(await this.key)
    );
  }

  /** The admin a ticket was issued to, its id and end; 401 when it is forged, expired or not a ticket. */
  async verifyTotpTicket(ticket: string): Promise<TotpTicket> {
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        issuer: ISSUER,
        audience: TOTP_TICKET,
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      const userId = Number(payload.sub);
      // a ticket without an id was issued before tickets were spent: at most 5 minutes old, refused
      if (Number.isSafeInteger(userId) && userId > 0 && payload.jti && payload.exp)
        return { userId, id: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      // falls through to the one answer
    }
    throw unauthorized(MSG.totpTicketInvalid);
  }

  async revoke(q: Queryable, sessionId: string) {
    this.cache?.forgetSession(sessionId);
    await q.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
      sessionId,
      this.clock.now(),
    ]);
  }

  /**
   * Ends every session of a user (password reset, block), optionally keeping the caller's own. An
   * admin's trusted browsers end with them (issue 36.8): whatever ends every session (a block, a
   * password set by anyone, a reset link) also makes the next sign-in ask for the code.
   */
  async revokeAll(q: Queryable, userId: number, keepSessionId?: string) {
    this.cache?.forgetUser(userId);
    const now = this.clock.now();
    await q.query(
      `UPDATE sessions SET revoked_at = $3
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [userId, keepSessionId ?? null, now],
    );
    await revokeTrustedBrowsers(q, userId, now);
  }
}
