import type {
  Bonus,
  BonusInput,
  bonusClaimResponse,
  bonusListResponse,
  bonusSavedResponse,
  bonusUpdateBody,
} from '@app/contracts/bonuses';
import type { messageResponse } from '@app/contracts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type Side, tokenFor, useAuthStore } from './auth-store';
import { ApiError, NETWORK_ERROR, request } from './client';

const KEY = ['bonuses'] as const;
export type BonusList = z.infer<typeof bonusListResponse>;
type Saved = z.infer<typeof bonusSavedResponse>;

export type { Bonus };

/** GET /api/v1/bonus: admins see every bonus, members the active ones with their own claim state. */
export function useBonuses(as: Side) {
  return useQuery({
    queryKey: [...KEY, as],
    queryFn: ({ signal }) => request<BonusList>('/bonus', { as, signal }),
  });
}

/**
 * An admin call to a route the spec lists without the /api/v1 prefix (POST /bonus, DELETE /bonus/{id}).
 * Errors as `request` gives them: the server's `message` when it sent one.
 */
async function unversioned<T>(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<T> {
  const token = tokenFor('admin');
  if (!token) {
    useAuthStore.getState().clearAdmin('Your session has ended. Please sign in again.');
    throw new ApiError('Your session has ended. Please sign in again.', 401);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `${NETWORK_ERROR} (HTTP ${response.status})`;
    if (response.status === 401) useAuthStore.getState().clearAdmin(message);
    throw new ApiError(message, response.status);
  }
  return data as T;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateBonus() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: BonusInput) => unversioned<Saved>('/bonus', 'POST', body),
    onSuccess,
  });
}

export function useUpdateBonus() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof bonusUpdateBody> }) =>
      request<Saved>(`/bonus/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteBonus() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) => unversioned<z.infer<typeof messageResponse>>(`/bonus/${id}`, 'DELETE'),
    onSuccess,
  });
}

/** POST /api/v1/bonus/claim with the spec's payload (user_id, bonus_type, plan_id). */
export const claimBonus = (body: { user_id: number; bonus_type: string; plan_id: number | null }) =>
  request<z.infer<typeof bonusClaimResponse>>('/bonus/claim', { method: 'POST', body, as: 'member' });
