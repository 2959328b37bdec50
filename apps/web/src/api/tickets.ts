import {
  type singleTicketResponse,
  TICKET_MSG,
  type TicketCreateInput,
  type TicketList,
  type TicketStatus,
  type ticketCreatedResponse,
  type ticketRespondedResponse,
  type ticketStatusResponse,
} from '@app/contracts/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { ApiError, errorMessage, NETWORK_ERROR, request } from './client';

const KEY = ['tickets'] as const;

/**
 * The server's message where it sent one (in the member's language from its code, errorMessage),
 * else the tickets fallback of spec section 8.
 */
export function ticketError(error: unknown): string {
  if (error instanceof ApiError && error.message && !error.message.startsWith(NETWORK_ERROR)) {
    return errorMessage(error);
  }
  return TICKET_MSG.fallback;
}

export interface TicketListParams {
  page: number;
  limit: number;
  status?: TicketStatus | undefined;
  search?: string | undefined;
}

/** GET /tickets/{userId}: the signed-in member's own queries. */
export function useMemberTickets(userId: number | undefined, params: TicketListParams) {
  return useQuery({
    queryKey: [...KEY, 'member', userId, params],
    queryFn: ({ signal }) =>
      request<TicketList>(`/tickets/${userId}`, { as: 'member', signal, query: { ...params } }),
    enabled: userId !== undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /tickets (admin): every ticket, by status and search. */
export function useAllTickets(params: TicketListParams) {
  return useQuery({
    queryKey: [...KEY, 'admin', params],
    queryFn: ({ signal }) => request<TicketList>('/tickets', { as: 'admin', signal, query: { ...params } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /tickets/single/{id}, refreshed every 15 s while open so a reply shows up without a reload. */
export function useTicket(id: number, as: Side) {
  return useQuery({
    queryKey: [...KEY, 'single', as, id],
    queryFn: ({ signal }) =>
      request<z.infer<typeof singleTicketResponse>>(`/tickets/single/${id}`, { as, signal }),
    enabled: Number.isInteger(id) && id > 0,
    // Someone else writes in the same conversation: always fresh on open, then every 15 s.
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** POST /tickets (member). */
export function useCreateTicket() {
  const onSuccess = useRefreshTickets();
  return useMutation({
    mutationFn: (body: TicketCreateInput) =>
      request<z.infer<typeof ticketCreatedResponse>>('/tickets', { method: 'POST', body, as: 'member' }),
    onSuccess,
  });
}

/** POST /tickets/{ticketId}/responses, as the owner or as support. */
export function useReplyTicket(ticketId: number, as: Side) {
  const onSuccess = useRefreshTickets();
  return useMutation({
    mutationFn: (message: string) =>
      request<z.infer<typeof ticketRespondedResponse>>(`/tickets/${ticketId}/responses`, {
        method: 'POST',
        body: { message },
        as,
      }),
    onSuccess,
  });
}

/** PUT /tickets/{ticketId}/status: any status for support; the owner may only close. */
export function useSetTicketStatus(ticketId: number, as: Side) {
  const onSuccess = useRefreshTickets();
  return useMutation({
    mutationFn: (status: TicketStatus) =>
      request<z.infer<typeof ticketStatusResponse>>(`/tickets/${ticketId}/status`, {
        method: 'PUT',
        body: { status },
        as,
      }),
    onSuccess,
  });
}
