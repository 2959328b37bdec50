import { adminMay } from '@app/contracts/admins';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAdminMe } from '../../api/admin-me';
import { followAdminSignOut } from '../../api/admin-session';
import { useSignout } from '../../api/auth';
import { useAdmin } from '../../api/auth-store';
import { AdminLanguagePicker } from '../../i18n/AdminLanguagePicker';
import { leaveBackOffice } from '../../i18n/admin-locale';
import { ADMIN_NAV } from '../admin-nav';
import { adminRoleLabel } from '../admin-role-words';
import type { NavItem } from '../nav';
import { AdminRefreshButton, useAdminFreshness } from './AdminRefresh';
import { AppShell } from './AppShell';
import { AreaProviders } from './AreaProviders';

function AdminArea() {
  const { i18n, t } = useLingui();
  const admin = useAdmin();
  const signout = useSignout('admin');
  const refresh = useAdminFreshness();
  const me = useAdminMe();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // another tab of this browser signed this admin out: this one goes to the sign-in page too
  useEffect(() => followAdminSignOut(() => queryClient.clear()), [queryClient]);
  // the back-office has its own language (routes.tsx enters it); signed out, the visitor's again
  useEffect(() => leaveBackOffice, []);

  const signOut = () => signout.mutate();
  const roles = me.data?.roles;
  // until the roles are known the menu shows what every admin may use; then what these roles cover
  const nav = ADMIN_NAV.filter((item) => (roles ? mayOpen(item, roles) : item.area === 'any'));
  const page = ADMIN_NAV.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const refused = roles && page && !mayOpen(page, roles) ? page : null;

  return (
    <AppShell
      area="Admin"
      nav={nav}
      home="/admin/dashboard"
      who={
        admin ? (
          <>
            {admin.username || admin.email}
            {roles ? ` · ${roles.map(adminRoleLabel).join(', ')}` : ''}
          </>
        ) : null
      }
      footer={<span data-testid="release">EarnHub {__APP_VERSION__}</span>}
      refusal={
        refused ? t`${i18n._(refused.label)} is not part of your roles. Ask an owner if you need it.` : null
      }
      onSignOut={signOut}
      signingOut={signout.isPending}
      actions={
        <>
          <AdminLanguagePicker />
          <AdminRefreshButton onRefresh={refresh} />
        </>
      }
    />
  );
}

const mayOpen = (item: NavItem, roles: Parameters<typeof adminMay>[0]) =>
  !item.area || adminMay(roles, item.area, false);

export default function AdminLayout() {
  return (
    <AreaProviders>
      <AdminArea />
    </AreaProviders>
  );
}
