import type { Messages } from '@lingui/core';

/** The pt-BR catalogs of every area but `public` (src/i18n/index.ts: fetched once the language is shown). */
export const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../locales/pt-BR/*.po',
  '!../../locales/pt-BR/public.po',
]);
