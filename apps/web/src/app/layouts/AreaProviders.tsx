import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../query-client';

/**
 * TanStack Query serves the signed-in areas only; the public pages do without it, which keeps them
 * inside their 100 KB budget (UI.md). Both areas share one client.
 */
export function AreaProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
