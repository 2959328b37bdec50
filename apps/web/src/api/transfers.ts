import type { recipientResponse, transferListResponse, transferResponse } from '@app/contracts/transfers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

export type TransferList = z.infer<typeof transferListResponse>;
type TransferResult = z.infer<typeof transferResponse>;

export function useTransferList(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...moneyKeys.transfers, params],
    queryFn: ({ signal }) =>
      request<TransferList>('/transfer/list', { as: 'member', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export interface TransferWire {
  amount: number;
  password: string;
  /** Set: fund to that member (username or referral code). Unset: own earnings to own fund. */
  recipient?: string;
}

/** POST /transfer/touser (earnings to own fund) or /transfer/friend (fund to another member). */
export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<TransferWire>) =>
      request<TransferResult>(body.recipient ? '/transfer/friend' : '/transfer/touser', {
        method: 'POST',
        body,
        as: 'member',
        idempotencyKey: key,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moneyKeys.transfers }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}

export type Recipient = z.infer<typeof recipientResponse>['recipient'];

/** GET /transfer/recipient: who a typed handle names, for the review before a transfer is sent. */
export function useRecipientLookup() {
  return useMutation({
    mutationFn: async (to: string) =>
      (
        await request<z.infer<typeof recipientResponse>>('/transfer/recipient', {
          as: 'member',
          query: { to },
        })
      ).recipient,
  });
}
