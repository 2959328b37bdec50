import type { messageResponse } from '@app/contracts/common';
import type { SetupResponse } from '@app/contracts/setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;

export const setupKeys = { all: ['setup'] as const };

/** GET /setup (admin): what this platform still lacks, checked live. */
export function useSetup() {
  return useQuery({
    queryKey: setupKeys.all,
    queryFn: ({ signal }) => request<SetupResponse>('/setup', { as: 'admin', signal }),
  });
}

/** POST /setup/{id}/dismiss, or DELETE it to show the item again (owners). */
export function useDismissSetupItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, dismiss }: { id: string; dismiss: boolean }) =>
      request<Message>(`/setup/${encodeURIComponent(id)}/dismiss`, {
        method: dismiss ? 'POST' : 'DELETE',
        as: 'admin',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: setupKeys.all }),
  });
}
