import { VIDEO_MSG, type Video, type videoBody } from '@app/contracts/videos';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

export const videoDto = (v: repo.VideoRow): Video => ({
  id: v.id,
  title: v.title,
  url: v.url,
  description: v.description,
  created_at: v.created_at.toISOString(),
  updated_at: v.updated_at.toISOString(),
});

type Body = z.output<typeof videoBody>;

/** The video library: admins write (audited), members and admins read. */
export function createVideosService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function create(actor: Actor, body: Body) {
    return withTx(db, async (tx) => {
      const created = videoDto(await repo.insert(tx, body, actor.userId, clock.now()));
      await recordAudit(tx, actor, {
        action: 'video.create',
        targetType: 'video',
        targetId: created.id,
        after: created,
      });
      return { data: created, message: VIDEO_MSG.created };
    });
  }

  async function list() {
    return { data: (await repo.list(db)).map(videoDto) };
  }

  async function latest() {
    const row = await repo.latest(db);
    return row ? { data: videoDto(row) } : { data: null, message: VIDEO_MSG.none };
  }

  async function get(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(VIDEO_MSG.notFound);
    return { data: videoDto(row) };
  }

  async function update(actor: Actor, id: number, body: Body) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(VIDEO_MSG.notFound);
      const after = videoDto(await repo.update(tx, id, body, clock.now()));
      await recordAudit(tx, actor, {
        action: 'video.update',
        targetType: 'video',
        targetId: id,
        before: videoDto(before),
        after,
      });
      return { data: after, message: VIDEO_MSG.updated };
    });
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(VIDEO_MSG.notFound);
      await repo.remove(tx, id);
      await recordAudit(tx, actor, {
        action: 'video.delete',
        targetType: 'video',
        targetId: id,
        before: videoDto(before),
      });
      return { data: { id }, message: VIDEO_MSG.deleted };
    });
  }

  return { create, list, latest, get, update, remove };
}

export type VideosService = ReturnType<typeof createVideosService>;
