import type {
  catalogResult,
  LanguageAddInput,
  languageSaved,
  languagesResponse,
  languageUpdateBody,
  translationSaved,
  translationsResponse,
} from '@app/contracts/translations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { LANGUAGES_CHANGED } from '../i18n/AdminLanguagePicker';
import { request } from './client';

/** The back-office's languages and edited words (issue 38; contracts/translations.ts). */
const KEY = ['languages'] as const;
export type Languages = z.infer<typeof languagesResponse>;
export type Translations = z.infer<typeof translationsResponse>;

export function useLanguages() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => request<Languages>('/languages', { signal, as: 'admin' }),
  });
}

export function useTranslations(params: {
  locale: string;
  q: string;
  edited: boolean;
  missing: boolean;
  part?: 'members' | 'back-office';
  page: number;
  limit: number;
}) {
  return useQuery({
    queryKey: [...KEY, 'words', params],
    queryFn: ({ signal }) =>
      request<Translations>('/translations', {
        signal,
        as: 'admin',
        query: {
          locale: params.locale,
          page: params.page,
          limit: params.limit,
          ...(params.q ? { q: params.q } : {}),
          ...(params.edited ? { edited: 'true' } : {}),
          ...(params.missing ? { missing: 'true' } : {}),
          ...(params.part ? { part: params.part } : {}),
        },
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(params.locale),
  });
}

/** Every change moves coverage and the words: the whole key is read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    // the back-office's own picker lists the languages offered to admins: it asks again
    window.dispatchEvent(new Event(LANGUAGES_CHANGED));
    return queryClient.invalidateQueries({ queryKey: KEY });
  };
}

export function useSaveTranslation() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (v: { locale: string; id: string; message: string; source?: string }) =>
      request<z.infer<typeof translationSaved>>(
        `/translations/${encodeURIComponent(v.locale)}/${encodeURIComponent(v.id)}`,
        {
          method: 'PUT',
          as: 'admin',
          body: { message: v.message, ...(v.source !== undefined ? { source: v.source } : {}) },
        },
      ),
    onSuccess,
  });
}

export function useRevertTranslation() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (v: { locale: string; id: string }) =>
      request<z.infer<typeof translationSaved>>(
        `/translations/${encodeURIComponent(v.locale)}/${encodeURIComponent(v.id)}`,
        { method: 'DELETE', as: 'admin' },
      ),
    onSuccess,
  });
}

export function useUpdateLanguage() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (v: { locale: string; body: z.input<typeof languageUpdateBody> }) =>
      request<z.infer<typeof languageSaved>>(`/languages/${encodeURIComponent(v.locale)}`, {
        method: 'PATCH',
        as: 'admin',
        body: v.body,
      }),
    onSuccess,
  });
}

export function useSetDefaultLanguage() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (locale: string) =>
      request<z.infer<typeof languageSaved>>('/languages/default', {
        method: 'PUT',
        as: 'admin',
        body: { locale },
      }),
    onSuccess,
  });
}

export function useAddLanguage() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (body: LanguageAddInput) =>
      request<z.infer<typeof catalogResult>>('/languages', { method: 'POST', as: 'admin', body }),
    onSuccess,
  });
}

/** More words for a language from a catalog file (POST /languages/{locale}/catalog). */
export function useUploadCatalog() {
  const onSuccess = useRefresh();
  return useMutation({
    mutationFn: (v: { locale: string; catalog: string }) =>
      request<z.infer<typeof catalogResult>>(`/languages/${encodeURIComponent(v.locale)}/catalog`, {
        method: 'POST',
        as: 'admin',
        body: { catalog: v.catalog },
      }),
    onSuccess,
  });
}
