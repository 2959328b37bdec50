/**
 * Member sessions checked without a database round trip per request, and still revocable at once
 * on every instance. A token that verified against the database is remembered (by the whole token
 * string: no other token can hit the entry) for a few seconds. Every change that can end a session
 * makes PostgreSQL NOTIFY `session_changes` (triggers of migration 020: a session revoked or
 * deleted; a member blocked, deleted or changing role), and each instance LISTENs and drops what the
 * notice names. The cache is used only while the listening connection (db/listener.ts) is up: when
 * it drops, the cache empties and every request reads the database again until it is back.
 *
 * An entry read from the database while a notice came in is not kept (a generation counter), so a
 * read that started before a revocation committed cannot re-cache a dead session. The instance that
 * ends a session also forgets it locally at once (SessionAuth.revoke/revokeAll). Admin sessions are
 * never cached: they are few, and their TOTP requirement depends on more than these tables.
 */
import type { NoticeListener } from '../../../db/listener.js';
import type { Audience } from '../../../http/access.js';

export const SESSION_CHANNEL = 'session_changes';

export interface CachedSession {
  userId: number;
  audience: Audience;
  sessionId: string;
  /** When the session row says it ends (ms). */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** Process time (ms, performance.now) after which the entry is read from the database again. */
  staleAt: number;
}

export interface SessionCacheOptions {
  /** How long an entry is trusted at most (a safety net: notices are what ends entries). */
  ttlMs: number;
  maxEntries?: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Tokens by session and sessions by member, so a notice finds its entries without a scan. */
  private readonly bySession = new Map<string, Set<string>>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;

  constructor(
    private readonly listener: NoticeListener,
    private readonly opts: SessionCacheOptions,
  ) {
    if (opts.ttlMs > 0)
      listener.subscribe(SESSION_CHANNEL, {
        onNotice: (payload) => this.notice(payload),
        onLost: () => this.stopUsing(),
      });
  }

  /** Whether entries are being used (the listening connection is up). */
  get active() {
    return this.opts.ttlMs > 0 && this.listener.active;
  }

  get(token: string, nowMs: number): CachedSession | null {
    if (!this.active) return null;
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.staleAt <= performance.now() || entry.expiresAt <= nowMs) {
      this.drop(token);
      return null;
    }
    return entry;
  }

  /** The generation to pass to `put` for a database read that starts now. */
  mark() {
    return this.generation;
  }

  put(token: string, session: CachedSession, markedAt: number) {
    if (!this.active || markedAt !== this.generation || session.audience !== 'member') return;
    const max = this.opts.maxEntries ?? 100_000;
    if (this.entries.size >= max) {
      // the oldest entries go first (a Map keeps insertion order)
      for (const key of this.entries.keys()) {
        this.drop(key);
        if (this.entries.size < max * 0.9) break;
      }
    }
    this.drop(token);
    this.entries.set(token, { ...session, staleAt: performance.now() + this.opts.ttlMs });
    add(this.bySession, session.sessionId, token);
    add(this.byUser, session.userId, session.sessionId);
  }

  private drop(token: string) {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    const tokens = this.bySession.get(entry.sessionId);
    tokens?.delete(token);
    if (tokens?.size === 0) {
      this.bySession.delete(entry.sessionId);
      const sessions = this.byUser.get(entry.userId);
      sessions?.delete(entry.sessionId);
      if (sessions?.size === 0) this.byUser.delete(entry.userId);
    }
  }

  private dropSession(sessionId: string) {
    for (const token of [...(this.bySession.get(sessionId) ?? [])]) this.drop(token);
  }

  /** A session of this process ended: forget it now, without waiting for the notice. */
  forgetSession(sessionId: string) {
    this.notice(`session:${sessionId}`);
  }

  forgetUser(userId: number) {
    this.notice(`user:${userId}`);
  }

  private notice(payload: string) {
    this.generation += 1;
    const [what, id = ''] = payload.split(':');
    if (what === 'session') this.dropSession(id);
    else if (what === 'user') {
      for (const sessionId of [...(this.byUser.get(Number(id)) ?? [])]) this.dropSession(sessionId);
    } else this.clear();
  }

  private clear() {
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  private stopUsing() {
    this.generation += 1;
    this.clear();
  }
}

function add<K>(index: Map<K, Set<string>>, key: K, value: string) {
  const set = index.get(key) ?? new Set<string>();
  set.add(value);
  index.set(key, set);
}
