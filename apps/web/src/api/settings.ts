import type { Settings, settingsUpdateResponse } from '@app/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
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

export type SettingsUpdate = z.infer<typeof settingsUpdateResponse>;

/** PUT /settings (admin): only the keys that changed; every screen reading settings is refreshed. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Settings>) =>
      request<SettingsUpdate>('/settings', { method: 'PUT', body: patch, as: 'admin' }),
    onSuccess: (data) => {
      queryClient.setQueryData([...settingsKeys.all, 'admin'], { settings: data.settings });
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
