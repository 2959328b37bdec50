import type { messageResponse } from '@app/contracts/common';
import type { allNewsResponse, NewsAddInput, newsSavedResponse, newsUpdateBody } from '@app/contracts/news';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

/** News for the signed-in areas (the public home page uses api/content-public.ts). */
const KEY = ['news'] as const;
export type NewsList = z.infer<typeof allNewsResponse>;
type Saved = z.infer<typeof newsSavedResponse>;

/** GET /news/list (public), newest first, a page at a time. */
export function useNewsList(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, params],
    queryFn: ({ signal }) => request<NewsList>('/news/list', { signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useAddNews() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: NewsAddInput) => request<Saved>('/news/add', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateNews() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof newsUpdateBody> }) =>
      request<Saved>(`/news/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteNews() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      request<z.infer<typeof messageResponse>>(`/news/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}
