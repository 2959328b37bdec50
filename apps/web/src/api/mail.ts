import type { MailDetail, MailListResponse, MailStatus } from '@app/contracts/mail-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from './client';

export interface MailListParams {
  page: number;
  limit: number;
  /** The start of the recipient's address. */
  search?: string | undefined;
  status?: MailStatus | undefined;
}

export const mailKeys = { all: ['mail'] as const };

/** GET /mail (admin, support): the outbox, newest first. Refreshed every few seconds while open. */
export function useMailList(params: MailListParams) {
  return useQuery({
    queryKey: [...mailKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      request<MailListResponse>('/mail', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

/** GET /mail/{id}: one mail with its body. */
export function useMail(id: number | null) {
  return useQuery({
    queryKey: [...mailKeys.all, 'one', id],
    queryFn: ({ signal }) =>
      request<{ mail: MailDetail }>(`/mail/${id}`, { as: 'admin', signal }).then((r) => r.mail),
    enabled: id !== null,
  });
}
