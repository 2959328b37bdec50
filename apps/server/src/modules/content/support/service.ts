import {
  SUPPORT_MSG,
  type SupportEntry,
  type SupportKind,
  type supportAddBody,
  type supportUpdateBody,
} from '@app/contracts/support';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

const dto = (e: repo.SupportRow): SupportEntry => ({
  id: Number(e.id),
  kind: e.kind,
  title: e.title,
  content: e.content,
  sort_order: e.sort_order,
  published: e.published,
  created_at: e.created_at.toISOString(),
  updated_at: e.updated_at.toISOString(),
});

/** Support entries: FAQ answers and contact channels, kept by admins, read by members. */
export function createSupportService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function add(actor: Actor, body: z.output<typeof supportAddBody>) {
    return withTx(db, async (tx) => {
      const created = dto(await repo.insert(tx, body, actor.userId, clock.now()));
      await recordAudit(tx, actor, {
        action: 'support.create',
        targetType: 'support',
        targetId: created.id,
        after: created,
      });
      return { message: SUPPORT_MSG.created, support: created };
    });
  }

  /** Members see what is published; admins see every entry. */
  async function list(actor: Actor, kind: SupportKind | undefined) {
    const rows = await repo.list(db, { kind, publishedOnly: actor.audience !== 'admin' });
    return rows.map(dto);
  }

  async function get(actor: Actor, id: number) {
    const row = await repo.find(db, id);
    if (!row || (!row.published && actor.audience !== 'admin')) throw notFound(SUPPORT_MSG.notFound);
    return dto(row);
  }

  async function update(actor: Actor, id: number, body: z.output<typeof supportUpdateBody>) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(SUPPORT_MSG.notFound);
      const after = dto(await repo.update(tx, id, body, clock.now()));
      await recordAudit(tx, actor, {
        action: 'support.update',
        targetType: 'support',
        targetId: id,
        before: dto(before),
        after,
      });
      return { message: SUPPORT_MSG.updated, support: after };
    });
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(SUPPORT_MSG.notFound);
      await repo.remove(tx, id);
      await recordAudit(tx, actor, {
        action: 'support.delete',
        targetType: 'support',
        targetId: id,
        before: dto(before),
      });
      return { message: SUPPORT_MSG.deleted };
    });
  }

  return { add, list, get, update, remove };
}

export type SupportService = ReturnType<typeof createSupportService>;
