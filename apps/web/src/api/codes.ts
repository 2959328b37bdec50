import type { codesListResponse } from '@app/contracts/codes';
import type { messageResponse } from '@app/contracts/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { approvalKeys, type PendingApproval } from './approvals';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

type Message = z.infer<typeof messageResponse>;
export type CodesList = z.infer<typeof codesListResponse>;
export type ActivationCode = CodesList['codes'][number];

export interface CodesListParams {
  page: number;
  limit: number;
  used?: 'true' | 'false';
}

export function useCodes(params: CodesListParams) {
  return useQuery({
    queryKey: [...moneyKeys.codes, params],
    queryFn: ({ signal }) => request<CodesList>('/codes', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useIssueCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<{ count: number; value: number }>) =>
      request<PendingApproval>('/codes', {
        method: 'POST',
        body,
        as: 'admin',
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}

/** POST /codes/redeem (member): the code's value goes to the fund wallet. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request<Message>('/codes/redeem', { method: 'POST', body: { code }, as: 'member' }),
    // the balance, and the deposit history the redeemed code now appears in
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: moneyKeys.deposits }),
      ]),
  });
}
