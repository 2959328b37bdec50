import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The web app's language catalogs (issue 38; src/i18n/index.ts). One PO file per language and
 * area, so a first visit downloads only the active language's part for what it shows (the public
 * pages' 100 KB budget counts it): the areas follow the code's folders. The member menu and the app
 * shell are in the member catalog (and the admin one); the back-office ships English for now.
 */
const SHELL = [
  '<rootDir>/src/app/layouts/AppShell.tsx',
  '<rootDir>/src/app/layouts/MemberLayout.tsx',
  '<rootDir>/src/app/layouts/AdminLayout.tsx',
  '<rootDir>/src/app/nav.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pt-BR', 'fr', 'ru', 'hi', 'id', 'ar', 'pseudo'],
  // development only: every message accented and 35 % longer, to find cut-off text at 390 px
  pseudoLocale: { locale: 'pseudo', extend: 0.35 },
  // a message missing in a language shows the English text (compile-time), never an id
  fallbackLocales: { default: 'en' },
  // file names without line numbers: an edit elsewhere in a file does not touch nine PO files
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // on every page (the entry chunk): the header, the footer, the error page, the language picker
      path: '<rootDir>/src/locales/{locale}/public',
      include: ['<rootDir>/src/app', '<rootDir>/src/components/ui', '<rootDir>/src/i18n'],
      exclude: [...SHELL, '<rootDir>/src/i18n/errors'],
    },
    // the API's error codes in the member's words, fetched just after the first paint (src/i18n/index.ts)
    { path: '<rootDir>/src/locales/{locale}/errors', include: ['<rootDir>/src/i18n/errors'] },
    // the sign-in, registration and password pages
    { path: '<rootDir>/src/locales/{locale}/auth', include: ['<rootDir>/src/features/public/auth'] },
    // the not-found and not-allowed pages
    { path: '<rootDir>/src/locales/{locale}/system', include: ['<rootDir>/src/features/public/system'] },
    { path: '<rootDir>/src/locales/{locale}/home', include: ['<rootDir>/src/features/public/home'] },
    {
      path: '<rootDir>/src/locales/{locale}/member',
      include: ['<rootDir>/src/features/member', '<rootDir>/src/components', ...SHELL.slice(0, 2), SHELL[3]],
      exclude: ['<rootDir>/src/components/ui'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/admin',
      include: ['<rootDir>/src/features/admin', SHELL[0], SHELL[2]],
    },
  ],
});
