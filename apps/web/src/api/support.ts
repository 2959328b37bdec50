import type { messageResponse } from '@app/contracts/common';
import type {
  allSupportResponse,
  SupportAddInput,
  SupportKind,
  supportSavedResponse,
  supportUpdateBody,
} from '@app/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

const KEY = ['support'] as const;
type Saved = z.infer<typeof supportSavedResponse>;

/** GET /support/list: published entries for members, every entry for admins. */
export function useSupportEntries(as: Side, kind?: SupportKind) {
  return useQuery({
    queryKey: [...KEY, as, kind],
    queryFn: ({ signal }) =>
      request<z.infer<typeof allSupportResponse>>('/support/list', { as, signal, query: { kind } }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useAddSupport() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: SupportAddInput) =>
      request<Saved>('/support/add', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateSupport() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof supportUpdateBody> }) =>
      request<Saved>(`/support/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteSupport() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      request<z.infer<typeof messageResponse>>(`/support/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
