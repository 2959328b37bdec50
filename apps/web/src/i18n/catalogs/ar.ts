import type { Messages } from '@lingui/core';

/** The ar catalogs of every area but `public` (src/i18n/index.ts: fetched once the language is shown). */
export const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../locales/ar/*.po',
  '!../../locales/ar/public.po',
]);
