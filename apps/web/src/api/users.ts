import type { messageResponse } from '@app/contracts/common';
import type {
  adminUpdateBody,
  emailUserResponse,
  selfUpdateBody,
  singleUserResponse,
  USER_STATUS,
  UserStats,
  userListResponse,
  Wallets,
} from '@app/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
export type UserList = z.infer<typeof userListResponse>;

export interface UserListParams {
  page: number;
  limit: number;
  search?: string;
  status?: (typeof USER_STATUS)[number];
}

/** Query keys live here so every screen invalidates the same entries. */
export const userKeys = {
  all: ['users'] as const,
  one: (side: Side, id: number) => ['users', side, id] as const,
  /** Under one(): invalidating a user refreshes their wallets too. */
  wallets: (side: Side, id: number) => ['users', side, id, 'wallets'] as const,
  byEmail: (email: string) => ['users', 'email', email] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  stats: ['users', 'stats'] as const,
};

/** GET /users/{id}: a member reads their own record, an admin anyone's. */
export function useUser(id: number, as: Side) {
  return useQuery({
    queryKey: userKeys.one(as, id),
    queryFn: ({ signal }) => request<z.infer<typeof singleUserResponse>>(`/users/${id}`, { as, signal }),
    select: (data) => data.singleuser,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /users/{id}/wallets: what each wallet holds now, and what pending withdrawals hold. */
export function useWallets(id: number, as: Side) {
  return useQuery({
    queryKey: userKeys.wallets(as, id),
    queryFn: ({ signal }) => request<Wallets>(`/users/${id}/wallets`, { as, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET /users?email= (admin): finds the member a deposit is for. Runs once an email is submitted. */
export function useUserByEmail(email: string) {
  return useQuery({
    queryKey: userKeys.byEmail(email),
    queryFn: ({ signal }) =>
      request<z.infer<typeof emailUserResponse>>('/users', { as: 'admin', signal, query: { email } }),
    select: (data) => data.emailuser,
    enabled: email.length > 0,
    staleTime: 0,
  });
}

export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => request<UserList>('/users/list', { as: 'admin', signal, query: { ...params } }),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useUserStats() {
  return useQuery({
    queryKey: userKeys.stats,
    queryFn: ({ signal }) => request<UserStats>('/users/stats', { as: 'admin', signal }),
  });
}

/** PUT /users/{id} by the member on their own record. */
export function useUpdateSelf(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof selfUpdateBody>) =>
      request<Message>(`/users/${id}`, { method: 'PUT', body, as: 'member' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.one('member', id) }),
  });
}

/** PUT /users/{id} by an admin: block/unblock from the list, or the whole 2.2 form. */
export function useAdminUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof adminUpdateBody> }) =>
      request<Message>(`/users/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/users/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.one('admin', id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

/** POST /users/{id}/verify-email (admin, support): marks a member's e-mail verified by hand. */
export function useMarkEmailVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<Message>(`/users/${id}/verify-email`, { method: 'POST', as: 'admin' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
