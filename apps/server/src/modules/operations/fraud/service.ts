/**
 * Fraud signals (DOMAIN: one person, one account). Sign-ins, registrations and ROI claims leave a
 * fact: an HMAC of the network address and of the device (user agent and the web app's device id),
 * so equal facts compare equal and no address is stored. A scan (a job, or an admin's "Scan now")
 * raises one flag per piece of evidence: members claiming from one address or device, a sponsor
 * and recruit sharing an address, device or payout address, one payout address used by several
 * members, a burst of registrations under one sponsor. The admin holds the members of a flag
 * (their claims and withdrawal requests are refused until released) or dismisses it; both audited.
 */
import { createHmac } from 'node:crypto';
import type { FraudFlag } from '@app/contracts/fraud';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { readSettings } from '../settings/service.js';
import * as repo from './repo.js';

export const FRAUD_SCAN_JOB = 'fraud-scan';
export const FRAUD_SCAN_EVERY_MS = 5 * 60_000;
/** How far back claims from one address or device are compared, and registrations scanned. */
const LOOKBACK_MS = 7 * 86_400_000;
/** Facts are kept this long (for the admin's look back), then purged by the scan. */
const FACTS_KEPT_MS = 30 * 86_400_000;

export const HELD_MESSAGE =
  'Your account is under review; claims and withdrawals are paused. Contact support.';

/** Where a fact comes from: the socket address (TRUST_PROXY decides) and the device. */
export interface FactSource {
  ip: string;
  userAgent?: string | undefined;
  deviceId?: string | undefined;
}

/** Refuses a claim or a withdrawal request of a member held for review. */
export async function assertNotHeld(q: Queryable, userId: number) {
  if (await repo.isHeld(q, userId)) throw forbidden(HELD_MESSAGE);
}

export function createFraudService(deps: { db: Db; clock: Clock; secret: string }) {
  const { db, clock } = deps;
  const hash = (what: string, value: string) =>
    createHmac('sha256', deps.secret).update(`fraud:${what}:${value}`).digest('hex');

  /** Where an action came from, as a fact keeps it: keyed hashes, never the address itself. */
  function factOf(from: FactSource) {
    return {
      ipHash: hash('ip', from.ip),
      deviceHash: hash('device', `${from.userAgent ?? ''}|${from.deviceId ?? ''}`),
    };
  }

  /** Records where a member's action came from (in the caller's transaction when it has one). */
  async function record(
    q: Queryable,
    userId: number,
    kind: 'register' | 'signin' | 'claim',
    from: FactSource,
  ) {
    await repo.insertFact(q, { userId, kind, ...factOf(from), now: clock.now() });
  }

  async function scan() {
    const now = clock.now();
    const since = new Date(now.getTime() - LOOKBACK_MS);
    const s = await readSettings(db);
    const findings = [
      ...(await repo.sharedClaims(db, since, s.fraud_shared_members)),
      ...(await repo.selfReferrals(db, since)),
      ...(await repo.sharedAddresses(db)),
      ...(await repo.registrationBursts(db, since, s.fraud_burst_registrations, s.fraud_burst_minutes)),
    ];
    for (const f of findings) await repo.upsertFlag(db, f, now);
    await repo.purgeFacts(db, new Date(now.getTime() - FACTS_KEPT_MS));
    return findings.length;
  }

  async function toDto(q: Queryable, rows: repo.FlagRow[]): Promise<FraudFlag[]> {
    const names = await repo.usernames(q, [...new Set(rows.flatMap((r) => r.user_ids.map(Number)))]);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      status: r.status,
      members: r.user_ids.map(Number).map((id) => ({
        id,
        username: names.get(id)?.username ?? `#${id}`,
        held: names.get(id)?.held ?? false,
      })),
      evidence: r.evidence,
      decided_by: r.decided_by === null ? null : Number(r.decided_by),
      decided_at: r.decided_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    }));
  }

  async function list(f: {
    page: number;
    limit: number;
    status?: 'open' | 'held' | 'dismissed' | undefined;
  }) {
    const rows = await repo.listFlags(db, f.status, f.limit, (f.page - 1) * f.limit);
    return { flags: await toDto(db, rows), ...pageFacts(rows[0]?.total ?? 0, f) };
  }

  /** Holds every member of the flag (claims and withdrawal requests refused) or dismisses it. */
  async function decide(actor: Actor, id: number, decision: 'held' | 'dismissed') {
    return withTx(db, async (tx) => {
      const flag = await repo.findFlag(tx, id, true);
      if (!flag) throw notFound('Flag not found');
      if (flag.status !== 'open') throw conflict(`This flag was already ${flag.status}`);
      const now = clock.now();
      if (decision === 'held') await repo.hold(tx, flag.user_ids.map(Number), flag.id, actor.userId, now);
      await repo.decideFlag(tx, flag.id, decision, actor.userId, now);
      await recordAudit(tx, actor, {
        action: decision === 'held' ? 'fraud.hold' : 'fraud.dismiss',
        targetType: 'fraud_flag',
        targetId: id,
        after: { kind: flag.kind, members: flag.user_ids, evidence: flag.evidence },
      });
      const [dto] = await toDto(tx, [(await repo.findFlag(tx, id))!]);
      return {
        message:
          decision === 'held'
            ? `${flag.user_ids.length} member(s) held: their claims and withdrawals wait for your review`
            : 'Flag dismissed',
        flag: dto!,
      };
    });
  }

  /** Ends a member's hold: claims and withdrawals work again. */
  async function release(actor: Actor, userId: number) {
    return withTx(db, async (tx) => {
      if (!(await repo.release(tx, userId))) throw notFound('This member is not held');
      await recordAudit(tx, actor, { action: 'fraud.release', targetType: 'user', targetId: userId });
      return { message: 'Hold released: claims and withdrawals work again' };
    });
  }

  return { factOf, record, scan, list, decide, release };
}

export type FraudService = ReturnType<typeof createFraudService>;
