-- Issue 38, the operator's side: the languages the product offers and the operator's own words.
-- `languages`: the eight shipped ones (packages/contracts/src/locales.ts) plus any the operator adds
-- by uploading a catalog. The picker shows a language when it is offered AND its coverage (share of
-- the English source messages it has words for) reaches min_coverage; the default language is one
-- row's is_default (exactly one, and it must be offered: the settings table's free-form keys cannot
-- say either).
CREATE TABLE languages (
  locale            text PRIMARY KEY CHECK (locale ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' AND length(locale) <= 35),
  native_name       text NOT NULL CHECK (length(native_name) BETWEEN 1 AND 60),
  dir               text NOT NULL DEFAULT 'ltr' CHECK (dir IN ('ltr', 'rtl')),
  offered           boolean NOT NULL DEFAULT false,
  min_coverage      integer NOT NULL DEFAULT 90 CHECK (min_coverage BETWEEN 0 AND 100),
  added_by_operator boolean NOT NULL DEFAULT true,
  is_default        boolean NOT NULL DEFAULT false,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT languages_default_offered CHECK (NOT is_default OR offered),
  -- English is the source language: every other catalog is measured against it
  CONSTRAINT languages_shipped_kept CHECK (added_by_operator OR locale IN ('en', 'es', 'pt-BR', 'fr', 'ru', 'hi', 'id', 'ar'))
);
CREATE UNIQUE INDEX languages_one_default ON languages (is_default) WHERE is_default;

-- the shipped catalogs are complete (CI checks them), so they need no coverage threshold
INSERT INTO languages (locale, native_name, dir, offered, min_coverage, added_by_operator, is_default) VALUES
  ('en', 'English', 'ltr', true, 0, false, true),
  ('es', 'Español', 'ltr', true, 0, false, false),
  ('pt-BR', 'Português (Brasil)', 'ltr', true, 0, false, false),
  ('fr', 'Français', 'ltr', true, 0, false, false),
  ('ru', 'Русский', 'ltr', true, 0, false, false),
  ('hi', 'हिन्दी', 'ltr', true, 0, false, false),
  ('id', 'Bahasa Indonesia', 'ltr', true, 0, false, false),
  ('ar', 'العربية', 'rtl', true, 0, false, false);

-- The operator's words: one ICU message per language and message id (the web app's Lingui id), over
-- the shipped catalog's; an added language's whole catalog lives here. Deleting the row reverts.
CREATE TABLE translation_overrides (
  locale     text NOT NULL REFERENCES languages (locale) ON DELETE CASCADE ON UPDATE CASCADE,
  message_id text NOT NULL CHECK (message_id ~ '^[A-Za-z0-9_.:-]{1,200}$'),
  message    text NOT NULL CHECK (length(message) BETWEEN 1 AND 10000),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (locale, message_id)
);
