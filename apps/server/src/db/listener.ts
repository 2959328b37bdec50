/**
 * One LISTEN connection per instance, shared by the in-process caches that PostgreSQL NOTIFY keeps
 * exact across instances (auth/session-cache.ts, users/view-cache.ts). A cache may use its entries
 * only while `listening` is true: when the connection drops, every subscriber is told to forget
 * everything (it could miss notices from then on), and the connection is made again a second later.
 * LISTEN needs a session-mode connection: behind PgBouncer in transaction mode turn the caches off.
 *
 * The same connection sends this instance's notices: they then take no connection from the pool
 * that requests wait on, and it commits them without waiting for the disk (`synchronous_commit`
 * off for this connection alone: a notice is not worth keeping across a crash, and every listener
 * drops its cache when the database restarts anyway).
 */
import pg from 'pg';
import type { Queryable } from './pool.js';

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_NAME = 'earnhub cache notices';

interface Subscriber {
  onNotice: (payload: string) => void;
  /** The connection dropped: notices may be missed from now until it is back. */
  onLost: () => void;
}

export class NoticeListener {
  private readonly subscribers = new Map<string, Subscriber>();
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly onError?: (message: string) => void,
  ) {}

  /** Subscribes a channel (before `start`): one subscriber per channel. */
  subscribe(channel: string, subscriber: Subscriber) {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.subscribers.set(channel, subscriber);
  }

  /** Starts listening when anyone subscribed; answers once LISTEN is in place (or failed: it retries). */
  async start() {
    if (this.subscribers.size > 0) await this.connect();
  }

  /** Whether notices are arriving: caches may answer from memory only while this holds. */
  get active() {
    return this.listening;
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({
      ...this.connection,
      application_name: LISTENER_NAME,
      options: '-c synchronous_commit=off',
    });
    const lost = (why: string) => {
      if (this.client !== client) return;
      this.client = null;
      this.stopUsing();
      client.end().catch(() => {});
      if (!this.closed) {
        this.onError?.(`cache notices: listening connection lost (${why}); reading from the database`);
        this.retry = setTimeout(() => this.connect(), 1000);
        this.retry.unref();
      }
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('ended'));
    client.on('notification', (n) => this.subscribers.get(n.channel)?.onNotice(n.payload ?? ''));
    this.client = client;
    try {
      await client.connect();
      await client.query([...this.subscribers.keys()].map((channel) => `LISTEN ${channel}`).join('; '));
      if (this.client === client) this.listening = true;
    } catch (error) {
      lost((error as Error).message);
    }
  }

  /** Sends a notice: on the listening connection while it is up, else through `fallback` (the pool). */
  async notify(channel: string, payload: string, fallback: Queryable) {
    const via = this.listening && this.client ? this.client : fallback;
    await via.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  private stopUsing() {
    this.listening = false;
    for (const s of this.subscribers.values()) s.onLost();
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
