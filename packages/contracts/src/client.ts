/** Client-side constants the spec fixes (section 9), shared so tests can assert them. */
export const QUERY_DEFAULTS = {
  retries: 3,
  backoffStartMs: 1000,
  backoffCapMs: 30_000,
  gcTimeMs: 5 * 60_000,
} as const;
export const TOAST_LIMITS = {
  maxVisible: 20,
  blankMs: 4000,
  errorMs: 4000,
  successMs: 2000,
  removeDelayMs: 1000,
  maxWidth: '350px',
} as const;
export const BANNER_CLEAR_MS = 3000;
/** A list's search applies once typing has paused this long (web lib/use-debounced-search.ts). */
export const SEARCH_DEBOUNCE_MS = 350;
export const AUTH_STORAGE_KEY = 'root';
