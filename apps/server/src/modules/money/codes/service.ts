import { randomInt } from 'node:crypto';
import { MSG } from '@app/contracts/messages';
import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import { DEFAULT_ACTIVATION_FEE } from '@app/contracts/topups';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { createOnce } from '../../../http/idempotency.js';
import { member, platform } from '../../../ledger/accounts.js';
import { post } from '../../../ledger/ledger.js';
import { findById } from '../../identity/auth/repo.js';
import { assertOpen } from '../../operations/settings/service.js';
import { firstActiveActPlan } from '../topups/repo.js';
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

/** Generated codes (`count`, with a value) or the codes an admin listed (value optional). */
export type IssueRequest = { count: number; value: bigint } | { codes: string[]; value?: bigint | undefined };

/** What the spec's activation codes are worth when the request names no value: the activation fee. */
async function activationFee(tx: Tx) {
  return (await firstActiveActPlan(tx))?.fee ?? toMicro(DEFAULT_ACTIVATION_FEE)!;
}

export function createCodesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * Generates `count` random codes, or creates the codes an admin listed (the spec's request), all
   * worth `value` (listed codes without one: the activation fee). A listed code that exists already
   * refuses the whole list, also when another request creates it at the same moment.
   */
  async function issue(actor: Actor, request: IssueRequest, clientKey: string | null) {
    return withTx(db, (tx) =>
      createOnce(tx, clientKey, request, clock.now(), async () => {
        const value = request.value ?? (await activationFee(tx));
        if (value <= 0n) throw badRequest('Value must be greater than zero');
        const wanted = 'codes' in request ? request.codes : Array.from({ length: request.count }, newCode);
        const created = await repo.insertMany(tx, wanted, value, actor.userId, clock.now());
        if ('codes' in request && created.length < wanted.length) {
          const taken = wanted.find((code) => !created.some((c) => c.code === code));
          throw conflict(`Code ${taken} already exists`);
        }
        const codes = (
          await repo.findMany(
            tx,
            created.map((c) => c.id),
          )
        ).map(dto);
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
