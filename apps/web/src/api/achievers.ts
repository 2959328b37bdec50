import {
  ACHIEVER_PHOTO_FIELD,
  type AchieverFields,
  type achieverSavedResponse,
  type allAchieversResponse,
} from '@app/contracts/achievers';
import type { messageResponse } from '@app/contracts/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, sendAdminForm } from './client';

/** Achievers for the back-office (the public home page uses api/content-public.ts). */
const KEY = ['achievers'] as const;
export type AchieverList = z.infer<typeof allAchieversResponse>;
type Saved = z.infer<typeof achieverSavedResponse>;

/** GET /achivers/list (public), newest first, a page at a time. */
export function useAchievers(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, params],
    queryFn: ({ signal }) => request<AchieverList>('/achivers/list', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export interface AchieverForm {
  fields: Partial<AchieverFields>;
  /** The photo; required when adding, optional when editing (keeps the current one). */
  photo: File | null;
}

function toFormData({ fields, photo }: AchieverForm) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (photo) form.append(ACHIEVER_PHOTO_FIELD, photo);
  return form;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

/** POST /achivers/add: form data with the photo. */
export function useAddAchiever() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (form: AchieverForm) => sendAdminForm<Saved>('/achivers/add', 'POST', toFormData(form)),
    onSuccess,
  });
}

/** PUT /achivers/{id}: form data; a photo only when it changes. */
export function useUpdateAchiever() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, form }: { id: number; form: AchieverForm }) =>
      sendAdminForm<Saved>(`/achivers/${id}`, 'PUT', toFormData(form)),
    onSuccess,
  });
}

export function useDeleteAchiever() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      request<z.infer<typeof messageResponse>>(`/achivers/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
