import type {
  AdminAccount,
  AdminEmailBody,
  AdminPasswordBody,
  adminEmailConfirmResponse,
  adminEmailStartResponse,
} from '@app/contracts/admin-account';
import type { messageResponse } from '@app/contracts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { forgetTrustedAdmin } from '../lib/trusted-browser';
import { useAuthStore } from './auth-store';
import { request } from './client';

/* The signed-in admin's own account (the Account page): password, e-mail, trusted browsers. */

export const adminAccountKeys = { all: ['admin-account'] as const };
type Message = z.infer<typeof messageResponse>;

export function useAdminAccount() {
  return useQuery({
    queryKey: adminAccountKeys.all,
    queryFn: ({ signal }) => request<AdminAccount>('/admin-account', { as: 'admin', signal }),
  });
}

/** The other sessions and every trusted browser end on the server; this browser forgets its token. */
export function useChangeAdminPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPasswordBody) =>
      request<Message>('/admin-account/password', { method: 'POST', body, as: 'admin' }),
    onSuccess: () => {
      const admin = useAuthStore.getState().admin;
      if (admin) forgetTrustedAdmin(admin.id);
      return queryClient.invalidateQueries({ queryKey: adminAccountKeys.all });
    },
  });
}

export function useStartEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminEmailBody) =>
      request<z.infer<typeof adminEmailStartResponse>>('/admin-account/email', {
        method: 'POST',
        body,
        as: 'admin',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.all }),
  });
}

/** The new address is the admin's from now on: the session in memory says so too. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request<z.infer<typeof adminEmailConfirmResponse>>('/admin-account/email/confirm', {
        method: 'POST',
        body: { code },
        as: 'admin',
      }),
    onSuccess: (data) => {
      useAuthStore.setState((s) => (s.admin ? { admin: { ...s.admin, email: data.email } } : {}));
      return queryClient.invalidateQueries({ queryKey: adminAccountKeys.all });
    },
  });
}

export function useRevokeTrustedBrowser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<Message>(`/admin-account/trusted-browsers/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.all }),
  });
}
