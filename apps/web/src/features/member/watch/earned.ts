import type { WatchPurpose } from '@app/contracts/roi';

/** What the last claim earned, carried over the reload that follows it (spec 4: reload after 1 s). */
export interface Earned {
  amount: number;
  purpose: WatchPurpose;
}

/**
 * Kept in the history entry's state, which a reload keeps and nothing else sees: no storage (spec 9
 * persists auth only), nothing in the address to bookmark or share.
 */
export function rememberEarned(earned: Earned) {
  window.history.replaceState({ ...window.history.state, earned }, '');
}

/** The claim's result kept over the reload, if any (pure: a render may run more than once). */
export function readEarned(): Earned | null {
  const earned = (window.history.state as { earned?: Earned } | null)?.earned;
  return earned && typeof earned.amount === 'number' ? earned : null;
}

/** Said once: dropped once shown, so the next reload does not repeat it. */
export function forgetEarned() {
  const { earned: _shown, ...rest } = (window.history.state ?? {}) as { earned?: Earned };
  window.history.replaceState(rest, '');
}
