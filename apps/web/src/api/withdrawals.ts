import type { messageResponse } from '@app/contracts/common';
import type { HotWallet, payoutResponse } from '@app/contracts/payouts';
import type {
  NETWORKS,
  WITHDRAWAL_STATUS,
  WithdrawalKind,
  withdrawalListResponse,
  withdrawalResponse,
} from '@app/contracts/withdrawals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

type Message = z.infer<typeof messageResponse>;
export type WithdrawalList = z.infer<typeof withdrawalListResponse>;
type WithdrawalResult = z.infer<typeof withdrawalResponse>;

export interface WithdrawalListParams {
  page: number;
  limit: number;
  kind?: WithdrawalKind;
  status?: (typeof WITHDRAWAL_STATUS)[number];
}

/** Paths of spec section 7, misspellings included. */
const REQUEST_PATH: Record<WithdrawalKind, string> = {
  profit: '/withdrawalrequest/add',
  roi: '/withdrawalrequest/add/roiwithdrawal',
  principal: '/withdrawalrequest/add/principle',
  compound: '/withdrawalrequest/addcompoundwithdrawal',
};
const DECISION_PATH: Record<WithdrawalKind, (id: number) => string> = {
  profit: (id) => `/withdrawalrequest/${id}`,
  roi: (id) => `/withdrawalrequest/update/roi/${id}`,
  principal: (id) => `/withdrawalrequest/update/principle/${id}`,
  compound: (id) => `/withdrawalrequest/compound/${id}`,
};

export function useWithdrawalList(params: WithdrawalListParams, as: Side) {
  return useQuery({
    queryKey: [...moneyKeys.withdrawals, as, params],
    queryFn: ({ signal }) =>
      request<WithdrawalList>('/withdrawalrequest/list', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    // a payout on its way is marked paid by the server once confirmed: follow it while it travels
    refetchInterval: (query) =>
      query.state.data?.allwithdrawals.some(
        (w) => w.payout?.status === 'signed' || w.payout?.status === 'sent',
      )
        ? 5000
        : false,
  });
}

function useAfterWithdrawal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moneyKeys.withdrawals }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

export function useRequestWithdrawal() {
  const onSuccess = useAfterWithdrawal();
  return useMutation({
    mutationFn: ({
      kind,
      body,
      key,
    }: Keyed<{ amount: number; network: (typeof NETWORKS)[number]; password: string }> & {
      kind: WithdrawalKind;
    }) =>
      request<WithdrawalResult>(REQUEST_PATH[kind], {
        method: 'POST',
        body,
        as: 'member',
        idempotencyKey: key,
      }),
    onSuccess,
  });
}

/** DELETE /withdrawalrequest/{id}: the member cancels a pending request; the amount is released. */
export function useCancelWithdrawal() {
  const onSuccess = useAfterWithdrawal();
  return useMutation({
    mutationFn: (id: number) =>
      request<Message>(`/withdrawalrequest/${id}`, { method: 'DELETE', as: 'member' }),
    onSuccess,
  });
}

export type Decision = { status: 'approved'; tx_hash: string } | { status: 'rejected'; reason: string };

/** Admin decision on the path of the request's kind. */
export function useDecideWithdrawal() {
  const onSuccess = useAfterWithdrawal();
  return useMutation({
    mutationFn: ({ id, kind, body }: { id: number; kind: WithdrawalKind; body: Decision }) =>
      request<WithdrawalResult>(DECISION_PATH[kind](id), { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

/** Four eyes: this admin approves the request for payment (no money moves). */
export function useApproveForPayment() {
  const onSuccess = useAfterWithdrawal();
  return useMutation({
    mutationFn: (id: number) =>
      request<WithdrawalResult>(`/withdrawalrequest/approval/${id}`, { method: 'POST', as: 'admin' }),
    onSuccess,
  });
}

const hotWalletKey = [...moneyKeys.withdrawals, 'hot-wallet'] as const;

/** The hot wallet's address, balances (read from the chain), limits and today's payouts. */
export function useHotWallet() {
  return useQuery({
    queryKey: hotWalletKey,
    queryFn: ({ signal }) => request<HotWallet>('/withdrawalrequest/payout/wallet', { as: 'admin', signal }),
  });
}

/** Pays BEP20 withdrawals from the hot wallet, in order; each result says sent or why refused. */
export function usePayWithdrawals() {
  const onSuccess = useAfterWithdrawal();
  return useMutation({
    mutationFn: (ids: number[]) =>
      request<z.infer<typeof payoutResponse>>('/withdrawalrequest/payout', {
        method: 'POST',
        body: { ids },
        as: 'admin',
      }),
    onSuccess,
  });
}
