import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The web app's language catalogs (issue 38; src/i18n/index.ts). One PO file per language and
 * area, so a visit downloads only the active language's part for what it shows (the budgets of
 * UI.md count it): `public` on every page, the page's own area beside its chunk (routes.tsx).
 * The member pages are grouped by the code they share (money, team, account), so a page needs its
 * group's catalog and the member area's; the back-office loads them all (its shared components
 * speak through them) and ships English for its own words (`admin`, `admin-login`: a language the
 * operator completes for them can be offered to admins).
 */
const src = (path: string) => `<rootDir>/src/${path}`;
const member = (folder: string) => src(`features/member/${folder}`);
const SHELL = [src('app/layouts/AppShell.tsx'), src('app/layouts/MemberLayout.tsx'), src('app/nav.ts')];
// what the public pages show of the shared components (the rest is in `ui`)
const PUBLIC_UI = ['Spinner', 'Banner', 'Button', 'Input'].map((name) => src(`components/ui/${name}.tsx`));
const ADMIN_SHELL = [
  src('app/layouts/AdminLayout.tsx'),
  src('app/layouts/AdminRefresh.tsx'),
  src('app/admin-nav.ts'),
  src('app/admin-role-words.ts'),
];
// the back-office's sign-in and invitation pages: in the back-office's catalog
const ADMIN_SIGN_IN = [src('features/public/auth/Admin*')];
// the sign-in form alone, a public first visit: its few words in a catalog of their own (100 KB budget)
const ADMIN_LOGIN = src('features/public/auth/AdminLoginPage.tsx');
// the dashboard's cards that live in other features' folders: in `member`, loaded with the layout
const DASHBOARD_PARTS = [
  member('income/EarningLimitBar.tsx'),
  member('notifications/BannerCard.tsx'),
  member('profile/member-locale.tsx'),
  // in the header or over any member page: the bell, a site popup, the account-change hold's banner
  member('notifications/NotificationBell.tsx'),
  member('notifications/NotificationPopup.tsx'),
  member('profile/ControlHold.tsx'),
];

// LINGUI_AREAS=money,team extracts only those catalogs (people converting different areas at once
// would otherwise rewrite each other's PO files while translating them)
const only = process.env.LINGUI_AREAS?.split(',');

const CATALOGS = [
  {
    // on every page (the entry chunk): the header, the footer, the error page, the language picker
    path: src('locales/{locale}/public'),
    include: [src('app'), src('i18n'), ...PUBLIC_UI],
    exclude: [...SHELL, ...ADMIN_SHELL, src('i18n/errors'), src('i18n/checks'), src('app/Toasts.tsx')],
  },
  // the API's error codes in the member's words, fetched just after the first paint (src/i18n/index.ts)
  // (and the toasts that show them, loaded after the first paint too)
  { path: src('locales/{locale}/errors'), include: [src('i18n/errors'), src('app/Toasts.tsx')] },
  // the forms' check messages and the refusals that name values, after the first paint too
  { path: src('locales/{locale}/checks'), include: [src('i18n/checks')] },
  // the sign-in, registration and password pages
  { path: src('locales/{locale}/auth'), include: [src('features/public/auth')], exclude: ADMIN_SIGN_IN },
  // the not-found and not-allowed pages
  { path: src('locales/{locale}/system'), include: [src('features/public/system')] },
  // (with the news' "Read more", a shared component the home page shows before `ui` is loaded)
  {
    path: src('locales/{locale}/home'),
    include: [src('features/public/home'), src('components/content/ClampedText.tsx')],
  },
  // the legal pages, one catalog each (long texts: a visit reads one of them)
  ...['Privacy', 'Terms'].map((name) => ({
    path: src(`locales/{locale}/${name.toLowerCase()}`),
    include: [src(`features/public/legal/${name}Page.tsx`), src('features/public/legal/LegalPage.tsx')],
  })),
  // the shared components of the signed-in areas (dialogs, pager, copy buttons, ...)
  {
    path: src('locales/{locale}/ui'),
    include: [src('components/ui'), src('components/content'), src('components/qr')],
    exclude: PUBLIC_UI,
  },
  // the member's shell and menu and the dashboard, loaded with the member layout
  {
    path: src('locales/{locale}/member'),
    include: [...SHELL, member('dashboard'), member('news'), member('qr-links'), ...DASHBOARD_PARTS],
  },
  {
    path: src('locales/{locale}/money'),
    include: [
      ...['money', 'deposits', 'withdrawal', 'transfer', 'topup', 'subscription', 'transactions'].map(member),
      src('components/money'),
    ],
    exclude: [src('components/money/Web3DepositColumns.tsx')],
  },
  // crypto payments (the provider's checkout and the scanner) and deposits from the member's own wallet
  {
    path: src('locales/{locale}/crypto'),
    include: [
      member('payment'),
      member('web3'),
      src('components/payments'),
      src('components/money/Web3DepositColumns.tsx'),
    ],
  },
  {
    path: src('locales/{locale}/team'),
    include: [
      member('referral'),
      member('income'),
      member('rewards'),
      src('components/charts'),
      // the ledger's words for references and wallets, which the income views share
      src('components/money/transaction-words.ts'),
    ],
    exclude: DASHBOARD_PARTS,
  },
  {
    path: src('locales/{locale}/account'),
    include: [member('profile'), member('notifications'), member('watch'), src('components/auth')],
    exclude: DASHBOARD_PARTS,
  },
  // the member's support tickets (and the tickets' words, shared with the back-office)
  {
    path: src('locales/{locale}/support'),
    include: [member('queries'), src('components/tickets'), src('lib/ticket-labels.ts')],
  },
  {
    path: src('locales/{locale}/admin'),
    include: [src('features/admin'), SHELL[0], ...ADMIN_SHELL, ...ADMIN_SIGN_IN],
    exclude: [ADMIN_LOGIN],
  },
  // the back-office sign-in form (English shipped, as the back-office's)
  { path: src('locales/{locale}/admin-login'), include: [ADMIN_LOGIN] },
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
  catalogs: CATALOGS.filter(({ path }) => !only || only.some((area) => path.endsWith(`/${area}`))),
});
