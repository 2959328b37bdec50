import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { withArea } from '../i18n';
import { PublicLayout } from './layouts/PublicLayout';
import { lazyComponent, page } from './lazy-page';

// each area's layout comes with its language catalog (src/i18n), fetched at the same time
const memberLayout = withArea(['ui', 'member'], () => import('./layouts/MemberLayout'));
const MemberLayout = lazyComponent(memberLayout);
// the back-office's shared components speak through the member groups' catalogs, in the admin's
// own language (English unless one is offered to admins: i18n/admin-locale.ts)
const adminLayout = withArea(['admin', 'ui', 'money', 'crypto', 'team', 'account', 'support'], () =>
  import('../i18n/admin-locale').then((m) => m.enterBackOffice()).then(() => import('./layouts/AdminLayout')),
);
const AdminLayout = lazyComponent(adminLayout);
/*
 * The guards come with the signed-in areas, not in the public pages' entry chunk; each one starts
 * fetching its area's layout at once, so the two chunks come in parallel, not one after the other.
 */
function guard(name: 'RequireMember' | 'RequireAdmin', layout: () => Promise<unknown>) {
  return lazyComponent(async () => {
    void layout().catch(() => undefined);
    const guards = await import('./guards');
    return { default: guards[name] };
  });
}
const RequireMember = guard('RequireMember', memberLayout);
const RequireAdmin = guard('RequireAdmin', adminLayout);
// a member page comes with its group's catalog (lingui.config.ts): the layout brings `ui` and `member`
type PageModule = () => Promise<{ default: ComponentType }>;
const money = (load: PageModule) => page(withArea('money', load));
const team = (load: PageModule) => page(withArea('team', load));
const account = (load: PageModule) => page(withArea('account', load));
const crypto = (load: PageModule) => page(withArea('crypto', load));
const support = (load: PageModule) => page(withArea('support', load));

/**
 * THE route table (spec 2.1). Every page is its own chunk, fetched on first visit through page(),
 * which reloads once if a chunk has gone after a deploy. To add a screen: add its route here and
 * flip its `soon` flag in nav.ts.
 *
 * Declarative routes (useRoutes), not createBrowserRouter: the data router alone adds ~16 KB gzip,
 * which the 100 KB budget of the public pages (UI.md) cannot carry next to React 19's 67 KB.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: page(withArea('home', () => import('../features/public/home/HomePage'))) },
      {
        path: 'privacy',
        element: page(withArea('privacy', () => import('../features/public/legal/PrivacyPage'))),
      },
      { path: 'terms', element: page(withArea('terms', () => import('../features/public/legal/TermsPage'))) },
      { path: 'login', element: page(withArea('auth', () => import('../features/public/auth/LoginPage'))) },
      {
        path: 'admin-login',
        element: page(withArea('admin-login', () => import('../features/public/auth/AdminLoginPage'))),
      },
      {
        path: 'registration',
        element: page(withArea('auth', () => import('../features/public/auth/RegistrationPage'))),
      },
      {
        path: 'forgot-password',
        element: page(withArea('auth', () => import('../features/public/auth/ForgotPasswordPage'))),
      },
      {
        path: 'reset-password',
        element: page(withArea('auth', () => import('../features/public/auth/ResetPasswordPage'))),
      },
      {
        path: 'admin-invitation/:token',
        element: page(withArea('admin', () => import('../features/public/auth/AdminInvitationPage'))),
      },
      {
        // in the invitation page's chunk: a chunk of its own split a shared one off the public pages
        path: 'admin-email/:token',
        element: page(
          withArea('admin', () =>
            import('../features/public/auth/AdminInvitationPage').then((m) => ({
              default: m.AdminEmailLinkPage,
            })),
          ),
        ),
      },
      {
        path: 'unauthorized',
        element: page(withArea('system', () => import('../features/public/system/UnauthorizedPage'))),
      },
      {
        path: '*',
        element: page(withArea('system', () => import('../features/public/system/NotFoundPage'))),
      },
    ],
  },
  {
    element: <RequireMember />,
    children: [
      {
        element: <MemberLayout />,
        children: [
          { path: 'user', element: <Navigate to="/user/dashboard" replace /> },
          {
            path: 'user/dashboard',
            element: page(() => import('../features/member/dashboard/DashboardPage')),
          },
          {
            path: 'user/profile/:id',
            element: account(() => import('../features/member/profile/ProfilePage')),
          },
          {
            path: 'user/subscription',
            element: money(() => import('../features/member/subscription/SubscriptionPage')),
          },
          { path: 'user/topup', element: money(() => import('../features/member/topup/TopupPage')) },
          {
            path: 'user/web3-deposit',
            element: crypto(() => import('../features/member/web3/Web3DepositPage')),
          },
          { path: 'user/rewards', element: team(() => import('../features/member/rewards/RewardsPage')) },
          { path: 'watch/adds', element: account(() => import('../features/member/watch/WatchEarnPage')) },
          { path: 'user/income', element: team(() => import('../features/member/income/IncomePage')) },
          { path: 'user/transfer', element: money(() => import('../features/member/transfer/TransferPage')) },
          {
            path: 'user/withdrawal',
            element: money(() => import('../features/member/withdrawal/WithdrawalPage')),
          },
          { path: 'user/deposit', element: money(() => import('../features/member/deposits/DepositPage')) },
          {
            path: 'user/deposit-history',
            element: money(() => import('../features/member/deposits/DepositHistoryPage')),
          },
          {
            path: 'user/notifications',
            element: account(() => import('../features/member/notifications/NotificationsPage')),
          },
          { path: 'user/scanner', element: crypto(() => import('../features/member/payment/ScannerPage')) },
          {
            path: 'user/payment/:paymentId',
            element: crypto(() => import('../features/member/payment/PaymentStatusPage')),
          },
          { path: 'user/queries', element: support(() => import('../features/member/queries/QueriesPage')) },
          {
            path: 'user/direct-members',
            element: team(() => import('../features/member/referral/DirectMembersPage')),
          },
          {
            path: 'user/refferral-tree',
            element: team(() => import('../features/member/referral/ReferralTreePage')),
          },
          {
            path: 'user/queries/:ticketId',
            element: support(() => import('../features/member/queries/QueryPage')),
          },
          {
            path: 'user/query/create',
            element: support(() => import('../features/member/queries/CreateQueryPage')),
          },
          // One screen for every transaction list (features/member/transactions/lists.ts);
          // /user/transaction/roi_transaction/invest is the {table_name}/{fit} route.
          ...[
            'user/transaction/:table_name',
            'user/transaction/:table_name/:fit',
            'transactions/:source',
          ].map((path) => ({
            path,
            element: money(() => import('../features/member/transactions/TransactionsPage')),
          })),
        ],
      },
    ],
  },
  {
    path: 'admin',
    element: <RequireAdmin />,
    children: [
      {
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          {
            path: 'dashboard',
            element: page(() => import('../features/admin/dashboard/AdminDashboardPage')),
          },
          { path: 'users', element: page(() => import('../features/admin/users/UsersPage')) },
          {
            path: 'check/profile/:id',
            element: page(() => import('../features/admin/user-detail/CheckProfilePage')),
          },
          { path: 'plans', element: page(() => import('../features/admin/plans/PlansPage')) },
          { path: 'fraud', element: page(() => import('../features/admin/fraud/FraudPage')) },
          { path: 'plans/what-if', element: page(() => import('../features/admin/plans/WhatIfPage')) },
          { path: 'deposits', element: page(() => import('../features/admin/deposits/DepositsPage')) },
          {
            path: 'withdrawals',
            element: page(() => import('../features/admin/withdrawals/WithdrawalsPage')),
          },
          {
            path: 'roi-request',
            element: page(() => import('../features/admin/withdrawals/RoiRequestsPage')),
          },
          { path: 'topup', element: page(() => import('../features/admin/topups/TopupsPage')) },
          { path: 'codes', element: page(() => import('../features/admin/codes/CodesPage')) },
          { path: 'approvals', element: page(() => import('../features/admin/approvals/ApprovalsPage')) },
          {
            path: 'notifications',
            element: page(() => import('../features/admin/notifications/CreateNotificationPage')),
          },
          {
            path: 'notification/list',
            element: page(() => import('../features/admin/notifications/NotificationListPage')),
          },
          { path: 'tickets', element: page(() => import('../features/admin/tickets/TicketsPage')) },
          {
            path: 'ticket/:ticketId',
            element: page(() => import('../features/admin/tickets/TicketPage')),
          },
          { path: 'support', element: page(() => import('../features/admin/support/SupportPage')) },
          { path: 'reconcile', element: page(() => import('../features/admin/reconcile/ReconcilePage')) },
          { path: 'settings', element: page(() => import('../features/admin/settings/SettingsPage')) },
          { path: 'security', element: page(() => import('../features/admin/security/SecurityPage')) },
          { path: 'account', element: page(() => import('../features/admin/account/AccountPage')) },
          { path: 'audit', element: page(() => import('../features/admin/audit/AuditLogPage')) },
          { path: 'mail', element: page(() => import('../features/admin/mail/MailPage')) },
          { path: 'team', element: page(() => import('../features/admin/team/TeamPage')) },
          { path: 'backups', element: page(() => import('../features/admin/backups/BackupsPage')) },
          { path: 'reports', element: page(() => import('../features/admin/reports/ReportsPage')) },
          { path: 'web3', element: page(() => import('../features/admin/web3/AdminWeb3Page')) },
          { path: 'income', element: page(() => import('../features/admin/income/AdminIncomePage')) },
          { path: 'news', element: page(() => import('../features/admin/news/NewsPage')) },
          { path: 'languages', element: page(() => import('../features/admin/languages/LanguagesPage')) },
          { path: 'achievers', element: page(() => import('../features/admin/achievers/AchieversPage')) },
          { path: 'qr', element: page(() => import('../features/admin/qr/QrLinksPage')) },
          {
            path: 'reward-plans',
            element: page(() => import('../features/admin/rewards/RewardPlansPage')),
          },
          {
            path: 'reward-transactions',
            element: page(() => import('../features/admin/rewards/RewardTransactionsPage')),
          },
          { path: 'salary', element: page(() => import('../features/admin/salary/SalaryPage')) },
          { path: 'cto', element: page(() => import('../features/admin/cto/CtoPage')) },
          { path: 'leadership', element: page(() => import('../features/admin/leadership/LeadershipPage')) },
          {
            path: 'video-manager',
            element: page(() => import('../features/admin/videos/VideoLibraryPage')),
          },
          { path: 'bonuses', element: page(() => import('../features/admin/bonuses/BonusesPage')) },
        ],
      },
    ],
  },
];
