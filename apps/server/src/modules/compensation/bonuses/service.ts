/**
 * Bonuses (DOMAIN.md Incomes): fixed amounts by type an admin defines, each claimable once per
 * period per member (rolling, from their last claim of that type), paid from `platform:incentives`
 * into `earnings` through creditIncomes (kind `bonus`, outside the earning limit).
 * `roi_income` (video bonus, members without a plan) and `add_income` (ad bonus) need a watch
 * session of `roi_watch_seconds`, used once, like the daily ROI.
 *
 * Locking: the member's row first (their claims run one at a time: racing claims pay once); paying
 * the bonus locks no account (creditIncomes).
 */
import {
  BONUS_MSG,
  BONUS_WATCH,
  type Bonus,
  type bonusBody,
  type bonusUpdateBody,
  bonusWaitMessage,
} from '@app/contracts/bonuses';
import { fromMicro } from '@app/contracts/money';
import { ROI_MSG, watchLonger } from '@app/contracts/roi';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { settingsFrom } from '../../operations/settings/service.js';
import { creditIncomes } from '../incomes/credit.js';
import { lockMember } from '../roi/repo.js';
import * as repo from './repo.js';

const HOUR_MS = 3_600_000;

const dto = (b: repo.BonusRow): Bonus => ({
  id: b.id,
  title: b.title,
  bonus_type: b.bonus_type,
  amount: fromMicro(b.amount),
  period_hours: b.period_hours,
  description: b.description,
  media_url: b.media_url,
  is_active: b.is_active,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
});

export function createBonusesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Admins: every bonus with its claim figures. Members: the active ones and their own claim state. */
  async function list(actor: Actor) {
    const now = clock.now();
    if (actor.audience === 'admin') {
      const rows = await repo.listAll(db);
      return {
        bonus: rows.map((r) => ({ ...dto(r), claims: r.claims, paid_total: fromMicro(r.paid_total) })),
        now: now.toISOString(),
      };
    }
    const rows = await repo.listForMember(db, actor.userId);
    return {
      bonus: rows.map((r) => {
        const next = r.last_claimed_at
          ? new Date(r.last_claimed_at.getTime() + r.period_hours * HOUR_MS)
          : null;
        return {
          ...dto(r),
          last_claimed_at: r.last_claimed_at?.toISOString() ?? null,
          next_claim_at: next && next > now ? next.toISOString() : null,
        };
      }),
      now: now.toISOString(),
    };
  }

  async function create(actor: Actor, body: z.output<typeof bonusBody>) {
    return withTx(db, async (tx) => {
      const row = await repo.insert(tx, body, actor.userId, clock.now());
      if (!row) throw conflict(BONUS_MSG.typeTaken);
      const created = dto(row);
      await recordAudit(tx, actor, {
        action: 'bonus.create',
        targetType: 'bonus',
        targetId: created.id,
        after: created,
      });
      return { message: BONUS_MSG.created, bonus: created };
    });
  }

  async function update(actor: Actor, id: number, body: z.output<typeof bonusUpdateBody>) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(BONUS_MSG.notFound);
      const next = {
        title: body.title ?? before.title,
        bonus_type: body.bonus_type ?? before.bonus_type,
        amount: body.amount ?? before.amount,
        period_hours: body.period_hours ?? before.period_hours,
        description: body.description ?? before.description,
        media_url: body.media_url ?? before.media_url,
        is_active: body.is_active ?? before.is_active,
      };
      if (next.bonus_type !== before.bonus_type && (await repo.typeTaken(tx, next.bonus_type, id))) {
        throw conflict(BONUS_MSG.typeTaken);
      }
      const after = dto(await repo.update(tx, id, next, clock.now()));
      await recordAudit(tx, actor, {
        action: 'bonus.update',
        targetType: 'bonus',
        targetId: id,
        before: dto(before),
        after,
      });
      return { message: BONUS_MSG.updated, bonus: after };
    });
  }

  async function remove(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const before = await repo.find(tx, id, true);
      if (!before) throw notFound(BONUS_MSG.notFound);
      await repo.softDelete(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'bonus.delete',
        targetType: 'bonus',
        targetId: id,
        before: dto(before),
      });
      return { message: BONUS_MSG.deleted };
    });
  }

  /** POST /bonus/claim: the member claims the active bonus of a type, once per its period. */
  async function claim(actor: Actor, body: { user_id: number; bonus_type: string }) {
    if (actor.audience !== 'member' || actor.userId !== body.user_id) throw forbidden(BONUS_MSG.ownOnly);
    const userId = body.user_id;
    return withTx(db, async (tx) => {
      const me = await lockMember(tx, userId);
      if (me?.role !== 'user') throw notFound('Member not found');
      if (me.status === 'block') throw forbidden(ROI_MSG.blocked);
      const bonus = await repo.findActiveByType(tx, body.bonus_type);
      if (!bonus) throw notFound(BONUS_MSG.noneOfType);
      const settings = settingsFrom(me.settings);
      const now = clock.now();
      const purpose = BONUS_WATCH[bonus.bonus_type] ?? null;
      const facts = await repo.claimFacts(tx, {
        userId,
        type: bonus.bonus_type,
        purpose,
        now,
        watchSeconds: settings.roi_watch_seconds,
      });
      if (bonus.bonus_type === 'roi_income' && facts.active_plan > 0n)
        throw badRequest(BONUS_MSG.videoBonusHasPlan);
      if (facts.last_claim_at) {
        const next = new Date(facts.last_claim_at.getTime() + bonus.period_hours * HOUR_MS);
        if (now < next) throw conflict(bonusWaitMessage(bonus.period_hours, next));
      }
      if (purpose && facts.session_id === null) {
        if (!facts.newest_started_at) {
          throw badRequest(purpose === 'ad' ? BONUS_MSG.noAdSession : BONUS_MSG.noSession);
        }
        const left = Math.ceil(
          (facts.newest_started_at.getTime() + settings.roi_watch_seconds * 1000 - now.getTime()) / 1000,
        );
        throw badRequest(watchLonger(settings.roi_watch_seconds, Math.max(left, 1)));
      }
      const claimId = await repo.insertClaim(tx, {
        bonus,
        userId,
        planId: me.plan_id,
        sessionId: facts.session_id,
        now,
      });
      if (claimId === null) throw conflict(BONUS_MSG.noSession);
      await creditIncomes(
        tx,
        [
          {
            userId,
            kind: 'bonus',
            amount: bonus.amount,
            refType: 'bonus_claim',
            refId: String(claimId),
            meta: { bonus_id: bonus.id, bonus_type: bonus.bonus_type, period_hours: bonus.period_hours },
          },
        ],
        `bonus:${claimId}`,
        now,
      );
      return {
        message: BONUS_MSG.claimed,
        amount: fromMicro(bonus.amount),
        next_claim_at: new Date(now.getTime() + bonus.period_hours * HOUR_MS).toISOString(),
      };
    });
  }

  return { list, create, update, remove, claim };
}

export type BonusesService = ReturnType<typeof createBonusesService>;
