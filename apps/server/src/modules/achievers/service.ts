import path from 'node:path';
import {
  ACHIEVER_MSG,
  type Achiever,
  type achieverAddFields,
  type achieverUpdateFields,
} from '@app/contracts/achievers';
import type { z } from 'zod';
import { recordAudit } from '../../audit/audit.js';
import type { Clock } from '../../clock.js';
import { type PageRequest, pageFacts } from '../../db/paging.js';
import { type Db, withTx } from '../../db/pool.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../http/access.js';
import { imageStore } from '../../http/uploads.js';
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
 * Achievers: members celebrated on the home page, each with a photo. A photo is written to disk
 * before its row; if the row is not saved the file is removed again, and a replaced or deleted
 * achiever's old photo is removed once the change is committed.
 */
export function createAchieversService(deps: { db: Db; clock: Clock; uploadsDir: string }) {
  const { db, clock } = deps;
  const photos = imageStore(path.join(deps.uploadsDir, 'achievers'));

  async function add(actor: Actor, fields: z.output<typeof achieverAddFields>, bytes: Buffer) {
    const photo = await photos.save(bytes, ACHIEVER_MSG.photoType);
    try {
      return await withTx(db, async (tx) => {
        const created = dto(await repo.insert(tx, { ...fields, photo }, actor.userId, clock.now()));
        await recordAudit(tx, actor, {
          action: 'achievers.create',
          targetType: 'achiever',
          targetId: created.id,
          after: { ...created, photo_sha256: photo.sha256 },
        });
        return { message: ACHIEVER_MSG.created, achiver: created };
      });
    } catch (error) {
      await photos.remove(photo.fileName);
      throw error;
    }
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
    // Refuse an unknown id before anything is written to disk.
    if (!(await repo.find(db, id))) throw notFound(ACHIEVER_MSG.notFound);
    const photo = bytes ? await photos.save(bytes, ACHIEVER_MSG.photoType) : undefined;
    try {
      const { result, replaced } = await withTx(db, async (tx) => {
        const before = await repo.find(tx, id, true);
        if (!before) throw notFound(ACHIEVER_MSG.notFound);
        const after = dto(await repo.update(tx, id, { ...fields, photo }, clock.now()));
        await recordAudit(tx, actor, {
          action: 'achievers.update',
          targetType: 'achiever',
          targetId: id,
          before: dto(before),
          after: photo ? { ...after, photo_sha256: photo.sha256 } : after,
        });
        return {
          result: { message: ACHIEVER_MSG.updated, achiver: after },
          replaced: photo ? before.photo_file : null,
        };
      });
      if (replaced) await photos.remove(replaced);
      return result;
    } catch (error) {
      if (photo) await photos.remove(photo.fileName);
      throw error;
    }
  }

  async function remove(actor: Actor, id: number) {
    const photoFile = await withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(ACHIEVER_MSG.notFound);
      await repo.remove(tx, id);
      await recordAudit(tx, actor, {
        action: 'achievers.delete',
        targetType: 'achiever',
        targetId: id,
        before: dto(before),
      });
      return before.photo_file;
    });
    await photos.remove(photoFile);
    return { message: ACHIEVER_MSG.deleted };
  }

  /** The bytes and type of an achiever's photo, by its (validated) file name. */
  async function photo(fileName: string) {
    const row = await repo.findByPhoto(db, fileName);
    const bytes = row ? await photos.read(row.photo_file) : null;
    if (!row || !bytes) throw notFound('Photo not found');
    return { bytes, contentType: row.photo_type, fileName: row.photo_file };
  }

  return { add, list, get, update, remove, photo };
}

export type AchieversService = ReturnType<typeof createAchieversService>;
