import { NEWS_MSG, type NewsItem, type newsAddBody, type newsUpdateBody } from '@app/contracts/news';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type PageRequest, pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

const dto = (n: repo.NewsRow): NewsItem => ({
  id: Number(n.id),
  title: n.title,
  content: n.content,
  created_at: n.created_at.toISOString(),
  updated_at: n.updated_at.toISOString(),
});

/** News: announcements posted by admins, read by anyone. */
export function createNewsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function add(actor: Actor, body: z.output<typeof newsAddBody>) {
    return withTx(db, async (tx) => {
      const created = dto(await repo.insert(tx, body, actor.userId, clock.now()));
      await recordAudit(tx, actor, {
        action: 'news.create',
        targetType: 'news',
        targetId: created.id,
        after: created,
      });
      return { message: NEWS_MSG.created, news: created };
    });
  }

  async function list(f: PageRequest) {
    const { rows, total } = await repo.list(db, f);
    return { allnews: rows.map(dto), ...pageFacts(total, f) };
  }

  async function get(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(NEWS_MSG.notFound);
    return dto(row);
  }

  async function update(actor: Actor, id: number, body: z.output<typeof newsUpdateBody>) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(NEWS_MSG.notFound);
      const after = dto(await repo.update(tx, id, body, clock.now()));
      await recordAudit(tx, actor, {
        action: 'news.update',
        targetType: 'news',
        targetId: id,
        before: dto(before),
        after,
      });
      return { message: NEWS_MSG.updated, news: after };
    });
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(NEWS_MSG.notFound);
      await repo.remove(tx, id);
      await recordAudit(tx, actor, {
        action: 'news.delete',
        targetType: 'news',
        targetId: id,
        before: dto(before),
      });
      return { message: NEWS_MSG.deleted };
    });
  }

  return { add, list, get, update, remove };
}

export type NewsService = ReturnType<typeof createNewsService>;
