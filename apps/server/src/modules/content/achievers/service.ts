import {
  ACHIEVER_MSG,
  type Achiever,
  type achieverAddFields,
  type achieverUpdateFields,
} from '@app/contracts/achievers';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type PageRequest, pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { readImage, removeImages, saveImage, toImage } from '../../../storage/images.js';
import * as repo from './repo.js';

/** The public address of a photo (served by GET /achivers/photo/{file}). */
export const photoUrl = (fileName: string) => `/api/v1/achivers/photo/${fileName}`;

const dto = (a: repo.AchieverRow): Achiever => ({
  id: Number(a.id),
  name: a.name,
  achievement: a.achievement,
  photo: photoUrl(a.photo_file),
  photo_type: a.photo_type as Achiever['photo_type'],
  photo_size: a.photo_size,
  created_at: a.created_at.toISOString(),
  updated_at: a.updated_at.toISOString(),
});

/**
 * Achievers: members celebrated on the home page, each with a photo. A photo is stored in the
 * transaction that writes its achiever, and a replaced or deleted achiever's old photo is removed
 * in the transaction that replaces or deletes it.
 */
export function createAchieversService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function add(actor: Actor, fields: z.output<typeof achieverAddFields>, bytes: Buffer) {
    const image = toImage(bytes, ACHIEVER_MSG.photoType);
    return withTx(db, async (tx) => {
      const photo = await saveImage(tx, 'achiever', image, clock.now());
      const created = dto(await repo.insert(tx, { ...fields, photo }, actor.userId, clock.now()));
      await recordAudit(tx, actor, {
        action: 'achievers.create',
        targetType: 'achiever',
        targetId: created.id,
        after: { ...created, photo_sha256: photo.sha256 },
      });
      return { message: ACHIEVER_MSG.created, achiver: created };
    });
  }

  async function list(f: PageRequest) {
    const { rows, total } = await repo.list(db, f);
    return { allachivers: rows.map(dto), ...pageFacts(total, f) };
  }

  async function get(id: number) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(ACHIEVER_MSG.notFound);
    return dto(row);
  }

  async function update(
    actor: Actor,
    id: number,
    fields: z.output<typeof achieverUpdateFields>,
    bytes: Buffer | null,
  ) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(ACHIEVER_MSG.notFound);
      const image = bytes ? toImage(bytes, ACHIEVER_MSG.photoType) : undefined;
      const photo = image && (await saveImage(tx, 'achiever', image, clock.now()));
      const after = dto(await repo.update(tx, id, { ...fields, photo }, clock.now()));
      if (photo) await removeImages(tx, [before.photo_file]);
      await recordAudit(tx, actor, {
        action: 'achievers.update',
        targetType: 'achiever',
        targetId: id,
        before: dto(before),
        after: photo ? { ...after, photo_sha256: photo.sha256 } : after,
      });
      return { message: ACHIEVER_MSG.updated, achiver: after };
    });
  }

  async function remove(actor: Actor, id: number) {
    await withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(ACHIEVER_MSG.notFound);
      await repo.remove(tx, id);
      await removeImages(tx, [before.photo_file]);
      await recordAudit(tx, actor, {
        action: 'achievers.delete',
        targetType: 'achiever',
        targetId: id,
        before: dto(before),
      });
    });
    return { message: ACHIEVER_MSG.deleted };
  }

  /** The bytes and type of an achiever's photo, by its file name. */
  async function photo(fileName: string) {
    const image = await readImage(db, 'achiever', fileName);
    if (!image) throw notFound('Photo not found');
    return image;
  }

  return { add, list, get, update, remove, photo };
}

export type AchieversService = ReturnType<typeof createAchieversService>;
