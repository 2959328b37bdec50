import type { messageResponse } from '@app/contracts/common';
import type { QrAddInput, qrListResponse, qrSavedResponse, qrUpdateBody } from '@app/contracts/qr-links';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

const KEY = ['qr-links'] as const;
export type QrList = z.infer<typeof qrListResponse>;
type Saved = z.infer<typeof qrSavedResponse>;

/** GET /qr: the active links for a member, every link for an admin. */
export function useQrLinks(as: Side, params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, as, params],
    queryFn: ({ signal }) => request<QrList>('/qr', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useAddQrLink() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: QrAddInput) => request<Saved>('/qr/add', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateQrLink() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof qrUpdateBody> }) =>
      request<Saved>(`/qr/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteQrLink() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      request<z.infer<typeof messageResponse>>(`/qr/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
