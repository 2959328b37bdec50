import type {
  AdminEmailLinkBody,
  AdminEmailLinkResponse,
  AdminRole,
  Invitation,
  inviteBody,
  inviteResponse,
  TeamMember,
  TeamResponse,
} from '@app/contracts/admins';
import type { messageResponse } from '@app/contracts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

/** The back-office team (owners change it, auditors read it): GET /admins and its actions. */
export type { Invitation, TeamMember };

type Message = z.infer<typeof messageResponse>;
export type InviteBody = z.output<typeof inviteBody>;
export type InviteResult = z.infer<typeof inviteResponse>;

const KEY = ['admins', 'team'] as const;

export function useTeam() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => request<TeamResponse>('/admins', { as: 'admin', signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** POST /admins/invitations: the link comes back too, for an owner without a mail server. */
export function useInviteAdmin() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: InviteBody) =>
      request<InviteResult>('/admins/invitations', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useWithdrawInvitation() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      request<Message>(`/admins/invitations/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}

export type TeamChange = { roles: AdminRole[] } | { status: 'block' | 'unblock' };

/** PATCH /admins/{id}: roles or status (409 for the last owner, or blocking oneself). */
export function useUpdateAdmin() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TeamChange }) =>
      request<Message>(`/admins/${id}`, { method: 'PATCH', body, as: 'admin' }),
    onSuccess,
  });
}

/** POST /admins/{id}/signout: ends every session of that admin. */
export function useEndAdminSessions() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/admins/${id}/signout`, { method: 'POST', as: 'admin' }),
    onSuccess,
  });
}

/** POST /admins/{id}/reset-2fa: a lost phone; their sessions end too. */
export function useResetAdminTotp() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/admins/${id}/reset-2fa`, { method: 'POST', as: 'admin' }),
    onSuccess,
  });
}

/**
 * POST /admins/{id}/email: a link to the new address confirms another admin's e-mail change (the
 * link comes back too while no mail server is configured).
 */
export function useChangeAdminEmail() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminEmailLinkBody }) =>
      request<AdminEmailLinkResponse>(`/admins/${id}/email`, { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}
