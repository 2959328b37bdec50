#!/usr/bin/env node
/**
 * JS budgets of UI.md, measured on the production build: what a first visit downloads (gzip).
 * A scenario is a set of manifest entries (the HTML entry and the lazily loaded route chunks the
 * visit needs) plus the language catalogs it shows, in its heaviest language; each one counts with
 * all the chunks it imports statically, each file once.
 * Run by `npm run build -w @app/web` after `vite build`; exits 1 when a budget is exceeded.
 * `--quiet` (the build of `npm start`): prints the tables only when a budget is exceeded.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const KB = 1024;
const quiet = process.argv.includes('--quiet');
// a page and the language catalogs it shows (src/i18n: `public` on every page, its own area on top)
const PUBLIC_PAGES = [
  ['home/HomePage', 'home'],
  ['auth/LoginPage', 'auth'],
  // the back-office sign-in's form has a catalog of its own (its code step comes with the back-office's)
  ['auth/AdminLoginPage', 'admin-login'],
  ['auth/RegistrationPage', 'auth'],
  ['auth/ForgotPasswordPage', 'auth'],
  ['auth/ResetPasswordPage', 'auth'],
  ['legal/PrivacyPage', 'privacy'],
  ['legal/TermsPage', 'terms'],
];
const scenarios = [
  // Every public page, as the first page of a visit: the entry, the page chunk, and their imports.
  ...PUBLIC_PAGES.map(([page, area]) => ({
    name: `public: ${page.split('/')[1]}`,
    budget: 100 * KB,
    entries: ['index.html', `src/features/public/${page}.tsx`],
    areas: area ? ['public', area] : ['public'],
  })),
  {
    name: 'member dashboard, first visit',
    budget: 200 * KB,
    entries: [
      'index.html',
      'src/app/layouts/MemberLayout.tsx',
      'src/features/member/dashboard/DashboardPage.tsx',
    ],
    areas: ['public', 'ui', 'member'],
  },
];

/**
 * A visit loads one language's catalogs (UI.md: only the active language's): each scenario is
 * measured in every shipped language and the heaviest counts (the development pseudo-locale aside).
 */
const LOCALES = [
  ...new Set(
    Object.keys(manifest)
      .map((key) => /^src\/locales\/([^/]+)\/[^/]+\.po$/.exec(key)?.[1])
      .filter((locale) => locale && locale !== 'pseudo'),
  ),
];
// an area other than `public` comes through its language's list of catalogs (src/i18n/catalogs/)
const catalogsOf = (areas, locale) => [
  ...(areas ?? []).map((area) => `src/locales/${locale}/${area}.po`),
  ...((areas ?? []).some((area) => area !== 'public') ? [`src/i18n/catalogs/${locale}.ts`] : []),
];

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`check-budgets: "${key}" is not in the manifest; update the scenario list`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let failed = false;
const rows = scenarios.map(({ name, budget, entries, areas }) => {
  const measured = (LOCALES.length > 0 ? LOCALES : [null]).map((locale) => {
    const files = closure([...entries, ...(locale ? catalogsOf(areas, locale) : [])]);
    return { locale, files, total: files.reduce((sum, file) => sum + gzipSize(file), 0) };
  });
  const { locale, files, total } = measured.reduce((a, b) => (b.total > a.total ? b : a));
  const ok = total <= budget;
  if (!ok) failed = true;
  return {
    scenario: name,
    files: files.length,
    'gzip JS': kb(total),
    'heaviest language': locale ?? '-',
    budget: kb(budget),
    result: ok ? 'ok' : 'OVER',
  };
});

if (!quiet || failed) {
  console.log('\nJS budgets (gzip, first visit):');
  console.table(rows);
}

if (!quiet) {
  // Not part of a first paint, shown so it stays visible: the contract schemas (zod) the public forms
  // fetch right after the page has painted (src/features/public/auth/useSchemaForm.ts).
  const deferred = closure(['src/features/public/auth/schemas.ts']).filter(
    (file) => !closure(['index.html']).includes(file),
  );
  console.log(
    `Public form validation, fetched after paint: ${kb(deferred.reduce((sum, file) => sum + gzipSize(file), 0))}\n`,
  );

  const lazyOnly = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js') && !key.endsWith('.html'))
    .map(([key, chunk]) => ({ chunk: key, 'gzip JS': kb(gzipSize(chunk.file)) }));
  console.log('Lazily loaded chunks (own size, without shared imports):');
  console.table(lazyOnly);
}

if (failed) {
  console.error('A JS budget is exceeded (UI.md). Move code out of the first-visit chunks or lazy-load it.');
  process.exit(1);
}
