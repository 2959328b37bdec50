/**
 * Member sessions checked without a database round trip per request, and still revocable at once
 * on every instance. A token that verified against the database is remembered (by the whole token
 * string: no other token can hit the entry) for a few seconds. Every change that can end a session
 * makes PostgreSQL NOTIFY `session_changes` (triggers of migration 020: a session revoked or
 * deleted; a member blocked, deleted or changing role), and each instance LISTENs and drops what the
 * notice names. The cache is used only while the listening connection is up: when it drops, the
 * cache empties and every request reads the database again until it is back.
 *
 * An entry read from the database while a notice came in is not kept (a generation counter), so a
 * read that started before a revocation committed cannot re-cache a dead session. The instance that
 * ends a session also forgets it locally at once (SessionAuth.revoke/revokeAll). Admin sessions are
 * never cached: they are few, and their TOTP requirement depends on more than these tables.
 */
import pg from 'pg';
import type { Audience } from '../../http/access.js';

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
  onError?: (message: string) => void;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Tokens by session and sessions by member, so a notice finds its entries without a scan. */
  private readonly bySession = new Map<string, Set<string>>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly opts: SessionCacheOptions,
  ) {}

  /** Starts listening; answers once the first LISTEN is in place (or failed: then it retries). */
  async start() {
    if (this.opts.ttlMs <= 0) return;
    await this.connect();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client(this.connection);
    const lost = (why: string) => {
      if (this.client !== client) return;
      this.client = null;
      this.stopUsing();
      client.end().catch(() => {});
      if (!this.closed) {
        this.opts.onError?.(
          `session cache: listening connection lost (${why}); reading sessions from the database`,
        );
        this.retry = setTimeout(() => this.connect(), 1000);
        this.retry.unref();
      }
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('ended'));
    client.on('notification', (n) => this.notice(n.payload ?? ''));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      if (this.client === client) this.listening = true;
    } catch (error) {
      lost((error as Error).message);
    }
  }

  /** Whether entries are being used (the listening connection is up). */
  get active() {
    return this.listening;
  }

  get(token: string, nowMs: number): CachedSession | null {
    if (!this.listening) return null;
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
    if (!this.listening || markedAt !== this.generation || session.audience !== 'member') return;
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
    this.listening = false;
    this.generation += 1;
    this.clear();
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.stopUsing();
    await client?.end().catch(() => {});
  }
}

function add<K>(index: Map<K, Set<string>>, key: K, value: string) {
  const set = index.get(key) ?? new Set<string>();
  set.add(value);
  index.set(key, set);
}
