/**
 * The money position as the dashboard states it, pure: reserves from the platform accounts and the
 * coverage ratio. The dashboard (service.ts) and the what-if projection use these.
 */
import type { Overview } from '@app/contracts/reports';

/** What came in (cash received), went out (payouts) and so stays for the members (reserves). */
export function reservesOf(platform: Map<string, bigint>) {
  const received = -(platform.get('platform:cash') ?? 0n);
  const paidOut = platform.get('platform:payouts') ?? 0n;
  return { received, paidOut, reserves: received - paidOut };
}

/** reserves / liabilities to 4 decimals (rounded down); no ratio when nothing is owed. */
export function coverage(reserves: bigint, liabilities: bigint): Overview['coverage'] {
  if (liabilities <= 0n) return { ratio: null, state: 'no_liabilities' };
  const ratio = Number((reserves * 10_000n) / liabilities) / 10_000;
  return { ratio, state: reserves >= liabilities ? 'covered' : 'short' };
}
