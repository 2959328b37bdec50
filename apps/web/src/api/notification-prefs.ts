import type {
  notificationPrefsResponse,
  notificationPrefsUpdateResponse,
} from '@app/contracts/notification-prefs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

const key = ['notifications', 'settings'] as const;

/** GET /notifications/settings: the member's income minimum and the platform's default. */
export function useNotificationPrefs() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      request<z.infer<typeof notificationPrefsResponse>>('/notifications/settings', { as: 'member', signal }),
  });
}

/** PUT /notifications/settings: a minimum in USDT, or null for the platform's. */
export function useSaveNotificationPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { income_notify_min: number | null }) =>
      request<z.infer<typeof notificationPrefsUpdateResponse>>('/notifications/settings', {
        method: 'PUT',
        body,
        as: 'member',
      }),
    onSuccess: (data) => queryClient.setQueryData(key, { prefs: data.prefs }),
  });
}
