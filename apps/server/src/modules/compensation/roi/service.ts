/**
 * Daily ROI ("self-trade", DOMAIN.md Incomes): a member starts today's video (a watch session),
 * watches it for `roi_watch_seconds`, and claims `active_plan x the plan's daily ROI percent` into
 * `roi`, once per `roi_cooldown_hours` (rolling, from the last claim). The same transaction pays the
 * level income of the claim to the uplines and moves the member's compound share to `compound`.
 *
 * Locking: the member's row first (claims of one member run one at a time: fifty racing claims pay
 * once), then the member's roi account when a compound share will be taken from it; the incomes
 * themselves lock no account (credits never lock; incomes/cap.ts for the earning limit).
 */
import { fromMicro } from '@app/contracts/money';
import {
  cooldownMessage,
  ROI_MSG,
  type RoiCheck,
  type WatchPurpose,
  type WatchSession,
  watchLonger,
} from '@app/contracts/roi';
import type { Clock } from '../../../clock.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { member } from '../../../ledger/accounts.js';
import { postOnce } from '../../../ledger/ledger.js';
import { lockAccounts } from '../../../ledger/repo.js';
import { assertNotHeld, type FactSource, type FraudService } from '../../operations/fraud/service.js';
import { readSettings, requireOpen, settingsFrom } from '../../operations/settings/service.js';
import { creditIncomes } from '../incomes/credit.js';
import type { IncomeItem, IncomeRecord } from '../incomes/income.js';
import { treeEvent } from '../referral/repo.js';
import { ancestorsOf, levelIncomes } from './level.js';
import * as repo from './repo.js';
import { type ClaimRefusal, claimRefusal, compoundShareOf, nextClaimAt, roiAmount } from './rules.js';

export interface ClaimResult {
  claimId: string;
  records: IncomeRecord[];
  compounded: bigint;
}

export function createRoiService(deps: {
  db: Db;
  clock: Clock;
  /** Notes where claims come from (fraud signals). */
  fraud?: Pick<FraudService, 'record'>;
}) {
  const { db, clock } = deps;

  /** POST /referral/watch-session: the member starts a video (or an ad); the server notes when. */
  async function startSession(actor: Actor, purpose: WatchPurpose): Promise<WatchSession> {
    const now = clock.now();
    const [settings, row] = await Promise.all([
      readSettings(db),
      repo.insertSession(db, { userId: actor.userId, purpose, now }),
    ]);
    return {
      id: Number(row.id),
      purpose,
      video_id: row.video_id,
      started_at: row.started_at.toISOString(),
      claimable_at: new Date(row.started_at.getTime() + settings.roi_watch_seconds * 1000).toISOString(),
      watch_seconds: settings.roi_watch_seconds,
    };
  }

  /** GET /tr/roi-check/{userId}: whether a claim exists and when the last one was. */
  async function check(actor: Actor, userId: number): Promise<RoiCheck> {
    assertSelfOrAdmin(actor, userId);
    const [exists, last, settings] = await Promise.all([
      repo.memberExists(db, userId),
      repo.lastClaim(db, userId),
      readSettings(db),
    ]);
    if (!exists) throw notFound('Member not found');
    return {
      found: last !== null,
      lastClaimTime: last?.toISOString() ?? null,
      nextClaimTime: last ? nextClaimAt(last, settings.roi_cooldown_hours).toISOString() : null,
      now: clock.now().toISOString(),
      cooldown_hours: settings.roi_cooldown_hours,
      watch_seconds: settings.roi_watch_seconds,
    };
  }

  /** The claim inside a transaction the caller runs (the route, the benchmark). */
  async function claimIn(tx: Tx, userId: number): Promise<ClaimResult> {
    const me = await repo.lockMember(tx, userId);
    if (me?.role !== 'user') throw notFound('Member not found');
    const settings = settingsFrom(me.settings);
    requireOpen(settings, 'roi_claims_open');
    const now = clock.now();
    const facts = await repo.claimFacts(tx, userId, now, settings.roi_watch_seconds, ancestorsOf(me.path));
    const refusal = claimRefusal(
      {
        blocked: me.status === 'block',
        roiOpen: me.roi_status === 'open',
        activePlan: facts.active_plan,
        roiPercent: facts.roi_percent,
        capMultiple: facts.cap_multiple,
        earned: facts.earned,
        lastClaimAt: facts.last_claim_at,
      },
      now,
      settings.roi_cooldown_hours,
    );
    if (refusal) throw refused(refusal, facts.last_claim_at, settings.roi_cooldown_hours);
    if (facts.session_id === null) {
      if (!facts.newest_started_at) throw badRequest(ROI_MSG.noSession);
      const left = Math.ceil(
        (facts.newest_started_at.getTime() + settings.roi_watch_seconds * 1000 - now.getTime()) / 1000,
      );
      throw badRequest(watchLonger(settings.roi_watch_seconds, Math.max(left, 1)));
    }
    const amount = roiAmount(facts.active_plan, facts.roi_percent!);
    if (amount <= 0n) throw badRequest('Your plan earns nothing today: its daily ROI rounds to zero');

    const claimId = await repo.insertClaim(tx, {
      userId,
      sessionId: facts.session_id,
      planId: me.plan_id,
      activePlan: facts.active_plan,
      roiPercent: facts.roi_percent!,
      amount,
      compoundPercent: me.compound_percent,
      now,
    });
    if (claimId === null) throw conflict(ROI_MSG.noSession);
    const ref = String(claimId);
    const roi: IncomeItem = {
      userId,
      kind: 'roi_income',
      amount,
      refType: 'roi_claim',
      refId: ref,
      sourceUserId: userId,
      baseAmount: facts.active_plan,
      percent: facts.roi_percent,
      meta: { plan_id: me.plan_id, watch_session_id: facts.session_id.toString() },
    };
    const items = [
      roi,
      ...levelIncomes({ claimId: ref, memberId: userId, roiAmount: amount, uplines: facts.uplines }),
    ];
    // the compound share debits roi after the incomes: lock it first, as every account lock comes
    // before the earning-limit decisions (incomes/cap.ts)
    if (Number(me.compound_percent) > 0) await lockAccounts(tx, [member(userId, 'roi')]);
    const records = await creditIncomes(tx, items, `roi:${ref}`, now);
    const compounded = await compoundShare(tx, userId, ref, records[0]!.paid, me.compound_percent, now);
    return { claimId: ref, records, compounded };
  }

  /** The member's compound share of the ROI paid moves from `roi` to `compound` (raising the active plan). */
  async function compoundShare(tx: Tx, userId: number, ref: string, paid: bigint, pct: string, now: Date) {
    const share = compoundShareOf(paid, pct);
    if (share <= 0n) return 0n;
    await postOnce(
      tx,
      {
        idempotencyKey: `roi:${ref}:compound`,
        transfers: [
          {
            kind: 'compound',
            debit: member(userId, 'roi'),
            credit: member(userId, 'compound'),
            amount: share,
            refType: 'roi_claim',
            refId: ref,
            meta: { compound_percent: pct, roi_paid: paid.toString(), automatic: true },
          },
        ],
      },
      now,
    );
    // the active plan grew: the uplines' team business follows at the next roll-up
    await treeEvent(tx, { userId, kind: 'compounded', amount: share, refType: 'roi_claim', refId: ref, now });
    return share;
  }

  /** PUT /referral/self-trade/{userId}: a member claims their own daily ROI. */
  async function claim(actor: Actor, userId: number, from: FactSource = { ip: actor.ip }) {
    if (actor.audience !== 'member' || actor.userId !== userId) throw forbidden(ROI_MSG.ownOnly);
    const { records, compounded } = await withTx(
      db,
      async (tx) => {
        await assertNotHeld(tx, userId);
        const result = await claimIn(tx, userId);
        await deps.fraud?.record(tx, userId, 'claim', from);
        return result;
      },
      { genericPlans: true },
    );
    return {
      message: ROI_MSG.claimed,
      amount: fromMicro(records[0]!.paid),
      compounded: fromMicro(compounded),
    };
  }

  return { startSession, check, claim, claimIn };
}

export type RoiService = ReturnType<typeof createRoiService>;

/** The live route's answer to a refused claim. */
function refused(why: ClaimRefusal, last: Date | null, cooldownHours: number) {
  switch (why) {
    case 'blocked':
      return forbidden(ROI_MSG.blocked);
    case 'noPlan':
      return badRequest(ROI_MSG.noPlan);
    case 'roiClosed':
      return forbidden(ROI_MSG.roiClosed);
    case 'atLimit':
      return conflict(ROI_MSG.atLimit);
    case 'cooldown':
      return conflict(cooldownMessage(cooldownHours, nextClaimAt(last!, cooldownHours)));
  }
}
