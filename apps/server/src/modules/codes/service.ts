import { randomInt } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro } from '@app/contracts/money';
import { recordAudit } from '../../audit/audit.js';
import type { Clock } from '../../clock.js';
import { pageFacts } from '../../db/paging.js';
import { type Db, withTx } from '../../db/pool.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { Actor } from '../../http/access.js';
import { createOnce } from '../../http/idempotency.js';
import { member, platform } from '../../ledger/accounts.js';
import { post } from '../../ledger/ledger.js';
import { findById } from '../auth/repo.js';
import { assertOpen } from '../settings/service.js';
import * as repo from './repo.js';

const dto = (c: repo.CodeRow) => ({
  id: Number(c.id),
  code: c.code,
  value: fromMicro(c.value),
  used_by: c.used_by === null ? null : Number(c.used_by),
  used_by_username: c.used_by_username,
  used_at: c.used_at?.toISOString() ?? null,
  created_at: c.created_at.toISOString(),
});

// 12 characters without look-alikes: about 2^59 codes, not guessable by trying.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export function createCodesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function issue(actor: Actor, count: number, value: bigint, clientKey: string | null) {
    if (value <= 0n) throw badRequest('Value must be greater than zero');
    return withTx(db, (tx) =>
      createOnce(tx, clientKey, { count, value }, clock.now(), async () => {
        const ids = await repo.insertMany(
          tx,
          Array.from({ length: count }, newCode),
          value,
          actor.userId,
          clock.now(),
        );
        const codes = (await repo.findMany(tx, ids)).map(dto);
        await recordAudit(tx, actor, {
          action: 'codes.issue',
          targetType: 'codes',
          targetId: null,
          after: { count: codes.length, value, ids: codes.map((c) => c.id) },
        });
        return codes;
      }),
    );
  }

  /** A code credits its value to the member's fund wallet, once, even with redemptions racing. */
  async function redeem(actor: Actor, code: string) {
    return withTx(db, async (tx) => {
      await assertOpen(tx, 'deposits_open');
      const user = await findById(tx, actor.userId);
      if (!user) throw notFound(MSG.userNotFound);
      if (user.status === 'block') throw forbidden(MSG.blocked);
      const claimed = await repo.claim(tx, code, actor.userId, clock.now());
      if (!claimed) throw badRequest('This code is not valid or has already been used');
      const { transfers } = await post(
        tx,
        {
          idempotencyKey: `code:${claimed.id}`,
          transfers: [
            {
              kind: 'deposit',
              debit: platform('platform:cash'),
              credit: member(actor.userId, 'fund'),
              amount: claimed.value,
              refType: 'code',
              refId: String(claimed.id),
              meta: { source: 'code' },
            },
          ],
        },
        clock.now(),
      );
      await repo.setTransfer(tx, claimed.id, transfers[0]!.id);
      return { message: `Code redeemed: ${formatUsdt(claimed.value)} added to your fund wallet` };
    });
  }

  async function list(f: { page: number; limit: number; used?: 'true' | 'false' | undefined }) {
    const { rows, total } = await repo.list(db, f);
    return { codes: rows.map(dto), ...pageFacts(total, f) };
  }

  async function get(id: number) {
    const c = await repo.find(db, id);
    if (!c) throw notFound('Code not found');
    return dto(c);
  }

  return { issue, redeem, list, get };
}

export type CodesService = ReturnType<typeof createCodesService>;
