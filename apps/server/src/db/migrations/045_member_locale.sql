-- Issue 38: the member's language, chosen by the member (at registration, from the browser's
-- Accept-Language when they chose none, or later on their profile). NULL = never chosen: mail and
-- notifications then go out in English. The list is packages/contracts/src/locales.ts (LOCALES);
-- a language added there is added to this check by a later migration.
ALTER TABLE users ADD COLUMN locale text
  CONSTRAINT users_locale_shipped CHECK (locale IN ('en', 'es', 'pt-BR', 'fr', 'ru', 'hi', 'id', 'ar'));
