import type { Messages } from '@lingui/core';

/** The fr catalogs of every area but `public` (src/i18n/index.ts: fetched once the language is shown). */
export const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../locales/fr/*.po',
  '!../../locales/fr/public.po',
]);
