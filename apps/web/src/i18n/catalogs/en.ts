import type { Messages } from '@lingui/core';

/** The en catalogs of every area but `public` (src/i18n/index.ts: fetched once the language is shown). */
export const CATALOGS = import.meta.glob<{ messages: Messages }>([
  '../../locales/en/*.po',
  '!../../locales/en/public.po',
]);
