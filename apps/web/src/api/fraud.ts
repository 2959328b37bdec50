import type { messageResponse } from '@app/contracts/common';
import type {
  FLAG_STATUS,
  fraudFlagResponse,
  fraudListResponse,
  fraudScanResponse,
} from '@app/contracts/fraud';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

type FlagList = z.infer<typeof fraudListResponse>;
export type FlagStatus = (typeof FLAG_STATUS)[number];
const fraudKey = ['fraud'] as const;

export function useFraudFlags(params: { page: number; limit: number; status?: FlagStatus }) {
  return useQuery({
    queryKey: [...fraudKey, params],
    queryFn: ({ signal }) => request<FlagList>('/fraud/flags', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useAfterFraud() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fraudKey });
}

export function useFraudScan() {
  const onSuccess = useAfterFraud();
  return useMutation({
    mutationFn: () =>
      request<z.infer<typeof fraudScanResponse>>('/fraud/scan', { method: 'POST', as: 'admin' }),
    onSuccess,
  });
}

/** Hold the flag's members (claims and withdrawals wait for review) or dismiss it. */
export function useDecideFlag() {
  const onSuccess = useAfterFraud();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'hold' | 'dismiss' }) =>
      request<z.infer<typeof fraudFlagResponse>>(`/fraud/flags/${id}/${decision}`, {
        method: 'POST',
        as: 'admin',
      }),
    onSuccess,
  });
}

export function useReleaseHold() {
  const onSuccess = useAfterFraud();
  return useMutation({
    mutationFn: (userId: number) =>
      request<z.infer<typeof messageResponse>>(`/fraud/holds/${userId}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
