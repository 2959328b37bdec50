import { QR_MSG, type QrLink, type qrAddBody, type qrUpdateBody } from '@app/contracts/qr-links';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type PageRequest, pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

const dto = (l: repo.QrLinkRow): QrLink => ({
  id: Number(l.id),
  title: l.title,
  url: l.url,
  active: l.active,
  created_at: l.created_at.toISOString(),
  updated_at: l.updated_at.toISOString(),
});

/** QR links: kept by admins, shown to members as QR codes on their dashboard. */
export function createQrLinksService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function add(actor: Actor, body: z.output<typeof qrAddBody>) {
    return withTx(db, async (tx) => {
      const created = dto(await repo.insert(tx, body, actor.userId, clock.now()));
      await recordAudit(tx, actor, {
        action: 'qr.create',
        targetType: 'qr_link',
        targetId: created.id,
        after: created,
      });
      return { message: QR_MSG.created, qrlink: created };
    });
  }

  /** Members see the active links; admins see every link. */
  async function list(actor: Actor, f: PageRequest) {
    const activeOnly = actor.audience !== 'admin';
    const { rows, total } = await repo.list(db, { ...f, activeOnly });
    // `qr`: the latest link (newest first, so page 1's first), the key the spec family's pages read
    const latest = f.page === 1 ? rows[0] : (await repo.list(db, { page: 1, limit: 1, activeOnly })).rows[0];
    return { qrlinks: rows.map(dto), qr: latest ? dto(latest) : null, ...pageFacts(total, f) };
  }

  async function update(actor: Actor, id: number, body: z.output<typeof qrUpdateBody>) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(QR_MSG.notFound);
      const after = dto(await repo.update(tx, id, body, clock.now()));
      await recordAudit(tx, actor, {
        action: 'qr.update',
        targetType: 'qr_link',
        targetId: id,
        before: dto(before),
        after,
      });
      return { message: QR_MSG.updated, qrlink: after };
    });
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(QR_MSG.notFound);
      await repo.remove(tx, id);
      await recordAudit(tx, actor, {
        action: 'qr.delete',
        targetType: 'qr_link',
        targetId: id,
        before: dto(before),
      });
      return { message: QR_MSG.deleted };
    });
  }

  return { add, list, update, remove };
}

export type QrLinksService = ReturnType<typeof createQrLinksService>;
