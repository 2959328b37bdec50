/**
 * The public answers of GET /i18n and GET /i18n/{locale} kept in memory per instance (every page
 * load of every visitor asks for them; the operator changes them a few times a month), and exact
 * across instances as sessions are (auth/session-cache.ts): a save forgets them on the instance that
 * saved before it answers, and PostgreSQL NOTIFY `translation_changes`, sent after the commit, makes
 * every other instance forget them too. Nothing is kept while the shared listening connection
 * (db/listener.ts) is down, and a read that overlapped a change is not kept (a generation counter).
 * A change is rare, so a notice simply empties everything.
 */
import type { NoticeListener } from '../../../db/listener.js';
import type { Db } from '../../../db/pool.js';

export const TRANSLATION_CHANNEL = 'translation_changes';

/** A safety net only (a notice that could not be sent): notices are what end entries. */
const TRUST_MS = 5 * 60_000;

export class TranslationCache<V> {
  private readonly entries = new Map<string, { value: V; staleAt: number }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly listener: NoticeListener,
    private readonly onError?: (message: string) => void,
  ) {
    listener.subscribe(TRANSLATION_CHANNEL, {
      onNotice: () => this.forget(),
      onLost: () => this.forget(),
    });
  }

  get(key: string): V | undefined {
    const entry = this.listener.active ? this.entries.get(key) : undefined;
    return entry && entry.staleAt > performance.now() ? entry.value : undefined;
  }

  /** The generation to pass to `put` for a database read that starts now. */
  mark() {
    return this.generation;
  }

  put(key: string, value: V, markedAt: number) {
    if (!this.listener.active || markedAt !== this.generation) return;
    this.entries.set(key, { value, staleAt: performance.now() + TRUST_MS });
  }

  /** After a committed change: forget here at once, then tell the other instances. */
  async changed() {
    this.forget();
    try {
      await this.listener.notify(TRANSLATION_CHANNEL, 'all', this.db);
    } catch (error) {
      // the change is committed; other instances see it when their listening connection cycles
      this.onError?.(`translation cache: a change notice was not sent (${(error as Error).message})`);
    }
  }

  private forget() {
    this.generation += 1;
    this.entries.clear();
  }
}
