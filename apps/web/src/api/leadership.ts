import type { messageResponse } from '@app/contracts/common';
import type { leadershipListResponse } from '@app/contracts/leadership';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
export type LeadershipList = z.infer<typeof leadershipListResponse>;

export const leadershipKeys = { all: ['leadership'] as const };

export function useLeadership(
  params: { page: number; limit: number; search?: string; tier_id?: number },
  as: Side,
) {
  return useQuery({
    queryKey: [...leadershipKeys.all, as, params],
    queryFn: ({ signal }) =>
      request<LeadershipList>('/leadership/list', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useRemoveLeader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/leadership/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadershipKeys.all }),
  });
}
