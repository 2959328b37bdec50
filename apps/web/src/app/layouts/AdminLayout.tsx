import { useSignout } from '../../api/auth';
import { useAdmin } from '../../api/auth-store';
import { ADMIN_NAV } from '../nav';
import { AdminRefreshButton, useAdminFreshness } from './AdminRefresh';
import { AppShell } from './AppShell';
import { AreaProviders } from './AreaProviders';

function AdminArea() {
  const admin = useAdmin();
  const signout = useSignout('admin');
  const refresh = useAdminFreshness();

  const signOut = () => signout.mutate();

  return (
    <AppShell
      area="Admin"
      nav={ADMIN_NAV}
      home="/admin/dashboard"
      who={admin ? <>Admin · {admin.username || admin.email}</> : null}
      onSignOut={signOut}
      signingOut={signout.isPending}
      actions={<AdminRefreshButton onRefresh={refresh} />}
    />
  );
}

export default function AdminLayout() {
  return (
    <AreaProviders>
      <AdminArea />
    </AreaProviders>
  );
}
