import type { Settings } from '@app/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import type { Side } from './auth-store';
import { request } from './client';

export const settingsKeys = { all: ['settings'] as const };

/** GET /settings: minimums, fees and switches in force (previews of money actions use them). */
export function useSettings(as: Side) {
  return useQuery({
    queryKey: [...settingsKeys.all, as],
    queryFn: ({ signal }) => request<{ settings: Settings }>('/settings', { as, signal }),
    select: (data) => data.settings,
  });
}
