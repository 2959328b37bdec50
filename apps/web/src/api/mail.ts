import type { MailDetail, MailListResponse, MailReveal, MailStatus } from '@app/contracts/mail-log';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /mail/{id}: one mail with its body, codes and links masked. */
export function useMail(id: number | null) {
  return useQuery({
    queryKey: [...mailKeys.all, 'one', id],
    queryFn: ({ signal }) =>
      request<{ mail: MailDetail }>(`/mail/${id}`, { as: 'admin', signal }).then((r) => r.mail),
    enabled: id !== null,
  });
}

/**
 * POST /mail/{id}/reveal (owners, no mail server only): the mail's code or link. Audited, and the
 * recipient is told; the answer is kept in the component, never in the query cache.
 */
export function useRevealMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ message: string; revealed: MailReveal }>(`/mail/${id}/reveal`, {
        method: 'POST',
        as: 'admin',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

/** POST /mail/{id}/resend (support, owners): a new code or link, or the same mail again. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<{ message: string; mail_id: number }>(`/mail/${id}/resend`, { method: 'POST', as: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
