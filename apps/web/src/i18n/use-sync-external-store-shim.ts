/**
 * @lingui/react imports use-sync-external-store/shim (for React 17); React 19 has the hook itself.
 * vite.config.ts points that import here, which keeps the shim's code off the first visit.
 */
export { useSyncExternalStore } from 'react';
