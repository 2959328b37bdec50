import type { messageResponse } from '@app/contracts/common';
import type { DEPOSIT_STATUS, Deposit, DepositHistory, depositListResponse } from '@app/contracts/deposits';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

type Message = z.infer<typeof messageResponse>;
export type DepositList = z.infer<typeof depositListResponse>;

export interface DepositListParams {
  page: number;
  limit: number;
  status?: (typeof DEPOSIT_STATUS)[number];
}

export function useDepositList(params: DepositListParams, as: Side) {
  return useQuery({
    queryKey: [...moneyKeys.deposits, as, params],
    queryFn: ({ signal }) => request<DepositList>('/deposite/list', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /deposite/history: every way money came in, newest first, a page at a time ("Show older"
 * asks for the next with the server's cursor). Under the deposits key, so a decision refreshes it.
 */
export function useDepositHistory(limit: number) {
  return useInfiniteQuery({
    queryKey: [...moneyKeys.deposits, 'history', limit],
    queryFn: ({ signal, pageParam }) =>
      request<DepositHistory>('/deposite/history', {
        as: 'member',
        signal,
        query: { limit, ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

function useAfterDeposit() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moneyKeys.deposits }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

/** POST /deposite/add (admin): recorded as pending; approval credits the member's fund wallet. */
export function useRecordDeposit() {
  const onSuccess = useAfterDeposit();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<{ user_id: number; amount: number; note: string }>) =>
      request<Message & { deposite: Deposit }>('/deposite/add', {
        method: 'POST',
        body,
        as: 'admin',
        idempotencyKey: key,
      }),
    onSuccess,
  });
}

/** PUT /deposite/{id} (admin): approve (credits once) or reject a pending deposit. */
export function useDecideDeposit() {
  const onSuccess = useAfterDeposit();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) =>
      request<Message & { deposite: Deposit }>(`/deposite/${id}`, {
        method: 'PUT',
        body: { status },
        as: 'admin',
      }),
    onSuccess,
  });
}
