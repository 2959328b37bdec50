/**
 * A member's figures (GET /users/{id}, the dashboard's main call, read on every screen) answered
 * from memory while nothing has changed them, and exact again the moment something does:
 * - every write that changes a member's figures says so (`membersChanged` in db/pool.ts: the one
 *   posting function for balances and incomes, the users repo for the row, the team roll-up), and
 *   the pool announces it once the write has committed; this instance forgets those members before
 *   the writer's response leaves, so nobody reads their own write stale;
 * - the announcement goes to every other instance through PostgreSQL NOTIFY `member_changes`, sent
 *   after the commit and outside the money transaction (NOTIFY inside it would serialise every
 *   commit on PostgreSQL's notification lock), several members per notice under load;
 * - figures that change with the clock alone (roi_day's 24 hours, level_month's month) bound an
 *   entry's life (`valid_ms` of the read), and `MEMBER_VIEW_CACHE_SECONDS` bounds it in any case;
 * - a read that overlapped any change is not kept (a generation counter), and nothing is kept while
 *   the listening connection (db/listener.ts) is down.
 * Other instances see a change when its notice arrives (a millisecond on one host), as they see a
 * revoked session (auth/session-cache.ts).
 */
import type { NoticeListener } from '../../../db/listener.js';
import { type ChangedMembers, type Db, onMembersChanged } from '../../../db/pool.js';
import { countMemberNotice, countMemberView } from '../../../metrics.js';

export const MEMBER_CHANNEL = 'member_changes';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const PAYLOAD_MAX = 7900;

interface Entry<V> {
  value: V;
  /** Process time (ms, performance.now) after which the entry is read from the database again. */
  staleAt: number;
}

export interface MemberViewCacheOptions {
  /** How long an entry is trusted at most (a safety net: announcements are what end entries). */
  ttlMs: number;
  maxEntries?: number;
  onError?: (message: string) => void;
}

export class MemberViewCache<V> {
  private readonly entries = new Map<number, Entry<V>>();
  private generation = 0;
  private unsent: ChangedMembers = new Set();
  private sending = false;
  private stopHearing = () => {};

  constructor(
    private readonly db: Db,
    private readonly listener: NoticeListener,
    private readonly opts: MemberViewCacheOptions,
  ) {
    if (opts.ttlMs <= 0) return;
    listener.subscribe(MEMBER_CHANNEL, {
      onNotice: (payload) => this.forget(payload === 'all' ? 'all' : new Set(payload.split(',').map(Number))),
      onLost: () => this.forget('all'),
    });
    this.stopHearing = onMembersChanged(db, (changed) => {
      this.forget(changed);
      this.announce(changed);
    });
  }

  /** Whether entries are being used (the cache is on and its listening connection is up). */
  get active() {
    return this.opts.ttlMs > 0 && this.listener.active;
  }

  get(id: number): V | null {
    let entry = this.active ? this.entries.get(id) : undefined;
    if (entry && entry.staleAt <= performance.now()) {
      this.entries.delete(id);
      entry = undefined;
    }
    countMemberView(entry !== undefined);
    return entry?.value ?? null;
  }

  /** The generation to pass to `put` for a database read that starts now. */
  mark() {
    return this.generation;
  }

  /** Keeps a read unless a change came in while it ran; `validForMs`: how long it holds by the clock. */
  put(id: number, value: V, markedAt: number, validForMs: number) {
    if (!this.active || markedAt !== this.generation || !(validForMs > 0)) return;
    const max = this.opts.maxEntries ?? 20_000;
    if (this.entries.size >= max) {
      // the oldest entries go first (a Map keeps insertion order)
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (this.entries.size < max * 0.9) break;
      }
    }
    this.entries.delete(id);
    this.entries.set(id, { value, staleAt: performance.now() + Math.min(this.opts.ttlMs, validForMs) });
  }

  private forget(changed: ChangedMembers) {
    this.generation += 1;
    if (changed === 'all') this.entries.clear();
    else for (const id of changed) this.entries.delete(id);
  }

  /** Tells the other instances, one notice at a time: what changes meanwhile goes in the next one. */
  private announce(changed: ChangedMembers) {
    if (changed === 'all' || this.unsent === 'all') this.unsent = 'all';
    else for (const id of changed) this.unsent.add(id);
    if (!this.sending) void this.send();
  }

  private async send() {
    this.sending = true;
    try {
      while (this.unsent === 'all' || this.unsent.size > 0) {
        const batch = this.unsent;
        this.unsent = new Set();
        for (const payload of payloads(batch)) {
          await this.listener.notify(MEMBER_CHANNEL, payload, this.db);
          countMemberNotice(true);
        }
      }
    } catch (error) {
      countMemberNotice(false);
      // the other instances keep what they have until MEMBER_VIEW_CACHE_SECONDS ends it
      this.opts.onError?.(`member view cache: a change notice was not sent (${(error as Error).message})`);
    } finally {
      this.sending = false;
    }
  }

  close() {
    this.stopHearing();
    this.forget('all');
  }
}

/** Comma-separated ids, each payload under PostgreSQL's limit. */
function payloads(changed: ChangedMembers): string[] {
  if (changed === 'all') return ['all'];
  const out: string[] = [];
  let current = '';
  for (const id of changed) {
    const next = current ? `${current},${id}` : String(id);
    if (next.length > PAYLOAD_MAX) {
      out.push(current);
      current = String(id);
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}
