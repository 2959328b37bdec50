import { QUERY_DEFAULTS } from '@app/contracts/client';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** A 4xx is an answer, not a glitch: asking again would get the same refusal. */
function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Spec 9: 3 retries, backoff from 1 s doubling to a 30 s cap, unused data kept 5 minutes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => !isClientError(error) && failures < QUERY_DEFAULTS.retries,
      retryDelay: (attempt) =>
        Math.min(QUERY_DEFAULTS.backoffStartMs * 2 ** attempt, QUERY_DEFAULTS.backoffCapMs),
      gcTime: QUERY_DEFAULTS.gcTimeMs,
      staleTime: 15_000,
    },
    mutations: { retry: false },
  },
});
