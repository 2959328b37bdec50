import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

/**
 * The operator's words and languages (issue 38, "What the operator gets"): the back-office edits any
 * message of the web app per language (an ICU message over the shipped catalog's), reverts it, adds a
 * language the product does not ship by uploading its catalog, and chooses which languages the picker
 * offers and the default. Members read the result from the public `GET /i18n` and `GET /i18n/{locale}`.
 *
 * A message id is the web app's Lingui id (the 6-character hash Lingui derives from the English source
 * text and its context); the back-office lists the English source beside every id.
 */
export const TRANSLATION_MSG = {
  saved: 'Translation saved',
  reverted: 'Translation reverted to the shipped text',
  noOverride: 'This message has no edited text in this language',
  unknownLanguage: 'Language not found',
  unknownMessage: 'No message of the app has this id',
  badMessage: 'The message is not a well-formed ICU message',
  variablesDiffer: 'The message must use the same variables as the English source',
  plantedDetail:
    'A translation cannot add an address, a link, an e-mail, a handle or a long number the English text does not have (put contact details in Settings)',
  languageAdded: 'Language added',
  languageExists: 'This language already exists',
  languageSaved: 'Language saved',
  catalogSaved: 'Catalog uploaded',
  catalogEmpty: 'The catalog has no message of the app',
  badCatalog: 'The catalog is neither a JSON object of id to message nor a PO file',
  defaultSaved: 'Default language saved',
  defaultNotShown: 'The default language must be offered and shown in the picker',
  defaultCannotHide: 'The default language cannot be withdrawn: choose another default first',
} as const;

/** A BCP-47 tag as the picker and Intl take it: `de`, `pt-PT`, `zh-Hant`. */
export const localeTag = z
  .string()
  .trim()
  .max(35)
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'A language is a tag such as de, pt-PT or zh-Hant');

export const messageId = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'A message id has letters, digits and _ . : - only');

/** An ICU message as typed; whether it parses is the server's check (400 with the parser's words). */
export const icuMessage = z
  .string()
  .min(1, 'Enter the message')
  .max(10_000, 'A message is at most 10000 characters');

export const languageDir = z.enum(['ltr', 'rtl']);

/** Coverage: the share of the English source messages a language has words for (its own or shipped). */
export const coverage = z.object({
  covered: z.number().int(),
  total: z.number().int(),
  /** Whole percent, rounded down (99.9 % is not 100 %); null when no source catalog is installed. */
  percent: z.number().int().nullable(),
});

export const language = z.object({
  locale: z.string(),
  native_name: z.string(),
  dir: languageDir,
  /** The operator's choice: shown in the picker once coverage reaches min_coverage. */
  offered: z.boolean(),
  min_coverage: z.number().int(),
  added_by_operator: z.boolean(),
  is_default: z.boolean(),
  /** Whether members see it in the picker now (offered and covered enough). */
  shown: z.boolean(),
  /** The messages members and visitors can meet (every area but the back-office's). */
  coverage,
  /** The operator's choice for the back-office: admins may pick it once `admin_coverage` is 100 %. */
  offered_to_admins: z.boolean(),
  /** The back-office's own messages (English is shipped; other languages are the operator's). */
  admin_coverage: coverage,
  /** Whether admins see it in the back-office's picker now (offered to them and complete). */
  admin_shown: z.boolean(),
  overrides: z.number().int(),
});
export type Language = z.infer<typeof language>;

/** GET /languages (admin). */
export const languagesResponse = z.object({ languages: z.array(language) });

/** POST /languages: a language the product does not ship, with its catalog. */
export const languageAddBody = z.strictObject({
  locale: localeTag,
  native_name: z.string().trim().min(1, 'Enter the language name as its speakers write it').max(60),
  dir: languageDir.default('ltr'),
  min_coverage: z.number().int().min(0).max(100).default(90),
  offered: z.boolean().default(true),
  /** A JSON object of message id (or English source text) to message, or a PO file's text. */
  catalog: z.union([z.record(z.string().max(10_000), z.string().max(10_000)), z.string().max(2_000_000)]),
});
export type LanguageAddInput = z.input<typeof languageAddBody>;

/** PATCH /languages/{locale}. */
export const languageUpdateBody = z
  .strictObject({
    native_name: z.string().trim().min(1).max(60),
    dir: languageDir,
    offered: z.boolean(),
    min_coverage: z.number().int().min(0).max(100),
    offered_to_admins: z.boolean(),
  })
  .partial();

/** POST /languages/{locale}/catalog: more words for a language, merged over what it has. */
export const catalogBody = z.strictObject({ catalog: languageAddBody.shape.catalog });

export const catalogResult = z.object({
  message: z.string(),
  language,
  /** Messages saved from the catalog. */
  saved: z.number().int(),
  /** Entries left out: unknown ids, empty texts, or a message that does not parse (first ten named). */
  skipped: z.number().int(),
  problems: z.array(z.object({ id: z.string(), reason: z.string() })),
});

export const languageSaved = z.object({ message: z.string(), language });

/** PUT /languages/default. */
export const defaultLanguageBody = z.strictObject({ locale: localeTag });

export const localeParam = z.object({ locale: localeTag });
export const translationParams = z.object({ locale: localeTag, id: messageId });

/** GET /translations: the app's messages in one language, searchable. */
export const translationsQuery = pageQuery.extend({
  locale: localeTag,
  /** Words of the id, the English source, the shipped text or the edited text (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  /** Only the messages the operator edited in this language. */
  edited: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** Only the messages this language has no words for yet (neither shipped nor the operator's). */
  missing: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /** One part of the app: the messages members and visitors meet, or the back-office's own. */
  part: z.enum(['members', 'back-office']).optional(),
});

export const translationRow = z.object({
  id: z.string(),
  /** The English source (what the shipped English catalog says); null for an id no catalog has. */
  source: z.string().nullable(),
  /** The shipped catalog's text in this language, if it ships one. */
  shipped: z.string().nullable(),
  /** The operator's text, if edited. */
  override: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TranslationRow = z.infer<typeof translationRow>;

export const translationsResponse = z.object({ translations: z.array(translationRow), ...pageInfo });

/** PUT /translations/{locale}/{id}. */
export const translationSaveBody = z.strictObject({
  message: icuMessage,
  /** The English source the editor showed: the saved message must use the same variables. */
  source: z.string().max(10_000).optional(),
});

export const translationSaved = z.object({ message: z.string(), translation: translationRow });

/** GET /i18n (public): what the picker offers. */
const publicLanguage = z.object({ locale: z.string(), native_name: z.string(), dir: languageDir });
export const publicLanguagesResponse = z.object({
  default: z.string(),
  languages: z.array(publicLanguage),
  /** The back-office's picker: English, and each language offered to admins whose back-office part is complete. */
  admin_languages: z.array(publicLanguage),
});
export type PublicLanguages = z.infer<typeof publicLanguagesResponse>;

/**
 * GET /i18n/{locale} (public): the operator's messages for that language compiled for Lingui's
 * runtime (`i18n.load(locale, messages)`), to merge over the shipped catalog. For a language the
 * product does not ship it is the whole catalog (missing ids fall back to English in the app).
 */
export const publicCatalogResponse = z.object({
  locale: z.string(),
  dir: languageDir,
  messages: z.record(z.string(), z.unknown()),
});
