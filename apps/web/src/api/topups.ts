import type { messageResponse } from '@app/contracts/common';
import type { TOPUP_KINDS, topupListResponse, topupResponse } from '@app/contracts/topups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

type Message = z.infer<typeof messageResponse>;
type TopupResult = z.infer<typeof topupResponse>;
export type TopupList = z.infer<typeof topupListResponse>;

export interface TopupListParams {
  page: number;
  limit: number;
  kind?: (typeof TOPUP_KINDS)[number];
}

/** Plan purchase as sent: money as a JSON number; no recipient means the payer buys for themselves. */
export interface PurchaseWire {
  plan_id: number;
  amount: number;
  recipient?: string;
}

/** GET /topup/list: a member sees what they paid or received, an admin everything. */
export function useTopupList(params: TopupListParams, as: Side) {
  return useQuery({
    queryKey: [...moneyKeys.topups, as, params],
    queryFn: ({ signal }) => request<TopupList>('/topup/list', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useAfterTopup() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moneyKeys.topups }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

/**
 * POST /topup/add, or /topup/addretopup when the member already holds a plan (`retopup`): the
 * payer's fund wallet pays, the recipient's plan grows.
 */
export function useBuyPlan() {
  const onSuccess = useAfterTopup();
  return useMutation({
    mutationFn: ({ body, key, retopup }: Keyed<PurchaseWire> & { retopup?: boolean }) =>
      request<TopupResult>(retopup ? '/topup/addretopup' : '/topup/add', {
        method: 'POST',
        body,
        as: 'member',
        idempotencyKey: key,
      }),
    onSuccess,
  });
}

/** POST /topup/entry: pays the activation fee for the member named (or for oneself). */
export function useActivateMember() {
  const onSuccess = useAfterTopup();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<{ recipient?: string }>) =>
      request<TopupResult>('/topup/entry', { method: 'POST', body, as: 'member', idempotencyKey: key }),
    onSuccess,
  });
}

/** DELETE /topup/{id} (admin): reverses a top-up. */
export function useReverseTopup() {
  const onSuccess = useAfterTopup();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/topup/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
