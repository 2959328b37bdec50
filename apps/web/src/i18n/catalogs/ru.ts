import type { Messages } from '@lingui/core';

/** The ru catalogs of every area but `public` (src/i18n/index.ts: fetched once the language is shown). */
export const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../locales/ru/*.po',
  '!../../locales/ru/public.po',
]);
