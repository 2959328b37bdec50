/**
 * CTO's rules, pure (DOMAIN.md, CTO): who qualifies and what each is paid. The live pool payment
 * (service.ts) and the what-if projection (what-if/engine.ts) decide with these; the SQL of
 * repo.ts applies the same qualification as a filter when listing members.
 */
export interface CtoRules {
  minActivePlan: bigint;
  minDirectsBusiness: bigint;
}

export const ctoQualifies = (
  m: { blocked: boolean; activePlan: bigint; directsBusiness: bigint },
  rules: CtoRules,
) => !m.blocked && m.activePlan >= rules.minActivePlan && m.directsBusiness >= rules.minDirectsBusiness;

/** The pool shared equally among `members`, rounded down to the micro-unit; the rest is not paid. */
export function ctoShare(pool: bigint, members: number) {
  const n = BigInt(members);
  const share = n > 0n ? pool / n : 0n;
  return { share, remainder: pool - share * n };
}
