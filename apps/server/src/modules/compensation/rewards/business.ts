/**
 * Team business of a reward stage (DOMAIN.md, Rewards), computed exactly from the append-only tree
 * events: purchases ('invested' minus 'divested') by members of the downline (users.path <@, GiST
 * index) inside the stage window, grouped by leg (the direct member whose subtree it is in), plus
 * the per-leg business carried in from the stage before. No leg counts for more than the leg cap
 * (threshold x reward_leg_cap_percent); a leg never counts below zero.
 */
import { percentOf } from '@app/contracts/money';
import type { Queryable } from '../../../db/pool.js';

export interface LegFigure {
  userId: number;
  username: string;
  business: bigint;
  carried: bigint;
  counted: bigint;
  capped: boolean;
}

export interface BusinessFigures {
  legCap: bigint;
  legs: LegFigure[];
  total: bigint;
  counted: bigint;
  qualified: boolean;
}

/** The window of a stage: events strictly after `after`, strictly before `before`, up to `until`. */
export interface Window {
  after: Date;
  before: Date;
  until: Date | null;
}

/** Raw business per leg (leg user id -> micro-units) of `userId`'s downline inside the window. */
export async function windowBusiness(q: Queryable, userId: number, w: Window): Promise<Map<number, bigint>> {
  const { rows } = await q.query<{ leg: string; business: bigint }>(
    `SELECT subpath(u.path, nlevel(m.path), 1)::text AS leg,
            sum(CASE e.kind WHEN 'invested' THEN e.amount ELSE -e.amount END)::bigint AS business
       FROM users m
       JOIN users u ON u.path <@ m.path AND nlevel(u.path) > nlevel(m.path)
       JOIN tree_events e ON e.user_id = u.id AND e.kind IN ('invested', 'divested')
      WHERE m.id = $1 AND e.created_at > $2 AND e.created_at < $3
        AND ($4::timestamptz IS NULL OR e.created_at <= $4)
      GROUP BY 1`,
    [userId, w.after, w.before, w.until],
  );
  return new Map(rows.map((r) => [Number(r.leg), r.business]));
}

/** When a stage opened at `startsAt` on a plan of `days` days ends. */
export const stageEnd = (startsAt: Date, days: number) => new Date(startsAt.getTime() + days * 86_400_000);

/** Carried business as stored on a stage: {"<leg id>": "<micro>"}. */
export function parseLegs(json: unknown): Map<number, bigint> {
  const out = new Map<number, bigint>();
  if (json && typeof json === 'object') {
    for (const [leg, value] of Object.entries(json as Record<string, unknown>)) {
      out.set(Number(leg), BigInt(String(value)));
    }
  }
  return out;
}

export function legsJson(legs: Array<{ userId: number; business: bigint }>): Record<string, string> {
  return Object.fromEntries(
    legs.filter((l) => l.business > 0n).map((l) => [String(l.userId), l.business.toString()]),
  );
}

/**
 * The leg rule, pure: each leg's business (carried + window, at least 0) counts up to the cap;
 * qualified when the counted sum reaches the threshold.
 */
export function applyLegCap(
  window: Map<number, bigint>,
  carried: Map<number, bigint>,
  threshold: bigint,
  legCapPercent: number | string,
  names: Map<number, string> = new Map(),
): BusinessFigures {
  const legCap = percentOf(threshold, legCapPercent);
  const ids = new Set([...window.keys(), ...carried.keys()]);
  const legs: LegFigure[] = [];
  for (const id of ids) {
    const carriedIn = carried.get(id) ?? 0n;
    const sum = carriedIn + (window.get(id) ?? 0n);
    const business = sum > 0n ? sum : 0n;
    const counted = business < legCap ? business : legCap;
    if (business === 0n && carriedIn === 0n) continue;
    legs.push({
      userId: id,
      username: names.get(id) ?? `#${id}`,
      business,
      carried: carriedIn,
      counted,
      capped: business > legCap,
    });
  }
  legs.sort((a, b) => (a.business === b.business ? a.userId - b.userId : a.business > b.business ? -1 : 1));
  const total = legs.reduce((s, l) => s + l.business, 0n);
  const counted = legs.reduce((s, l) => s + l.counted, 0n);
  return { legCap, legs, total, counted, qualified: counted >= threshold };
}

export async function usernames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: bigint; username: string }>(
    'SELECT id, username FROM users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
