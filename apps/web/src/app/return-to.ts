/*
 * The guards' return address (guards.tsx), apart from them: the sign-in pages read it, and the
 * guards themselves are loaded only with the signed-in areas (routes.tsx).
 */
import { useLocation } from 'react-router';

/** Where to come back to after signing in; nowhere after a deliberate sign-out. */
export function returnState(location: { pathname: string; search: string }, signedOutOnPurpose: boolean) {
  return signedOutOnPurpose ? undefined : { from: location.pathname + location.search };
}

/** Where a sign-in page sends someone after success: back where the guard stopped them, if anywhere. */
export function useReturnTo(fallback: string): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
