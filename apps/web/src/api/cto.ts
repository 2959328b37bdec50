import type { messageResponse } from '@app/contracts/common';
import type {
  CtoDetail,
  CtoOverview,
  ctoListResponse,
  ctoPoolResponse,
  ctoTransactionsResponse,
} from '@app/contracts/cto';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
type PoolResult = z.infer<typeof ctoPoolResponse>;
export type CtoList = z.infer<typeof ctoListResponse>;

export const ctoKeys = { all: ['cto'] as const };

export function useCtoPools(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...ctoKeys.all, 'pools', params],
    queryFn: ({ signal }) => request<CtoList>('/cto/list', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useCtoOverview(params: { page: number; limit: number }, as: Side) {
  return useQuery({
    queryKey: [...ctoKeys.all, 'overview', as, params],
    queryFn: ({ signal }) => request<CtoOverview>('/cto', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useCtoDetail(id: number | null) {
  return useQuery({
    queryKey: [...ctoKeys.all, 'detail', id],
    queryFn: ({ signal }) => request<CtoDetail>(`/cto/byid/${id}`, { as: 'admin', signal }),
    enabled: id !== null,
  });
}

export function useCtoTransactions(id: number, params: { page: number; limit: number }, as: Side) {
  return useQuery({
    queryKey: [...ctoKeys.all, 'transactions', id, as, params],
    queryFn: ({ signal }) =>
      request<z.infer<typeof ctoTransactionsResponse>>(`/cto/transaction/${id}`, {
        as,
        signal,
        query: { ...params },
      }),
    enabled: id > 0,
  });
}

function useAfterCto() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ctoKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

export function useCreateCtoPool() {
  const onSuccess = useAfterCto();
  return useMutation({
    mutationFn: (body: { period: string; amount: number; note: string }) =>
      request<PoolResult>('/cto', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function usePayCto() {
  const onSuccess = useAfterCto();
  return useMutation({
    mutationFn: (id: number) =>
      request<PoolResult>('/cto/pay', { method: 'POST', body: { id }, as: 'admin' }),
    onSuccess,
  });
}

/** PUT /cto/{id}: the spec's delete of a pool not yet paid. */
export function useDeleteCtoPool() {
  const onSuccess = useAfterCto();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/cto/${id}`, { method: 'PUT', as: 'admin' }),
    onSuccess,
  });
}
