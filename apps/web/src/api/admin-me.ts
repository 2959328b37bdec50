import { type AdminAreas, type AdminMe, adminMay } from '@app/contracts/admins';
import { useQuery } from '@tanstack/react-query';
import { useAdmin } from './auth-store';
import { request } from './client';

export const adminMeKeys = { all: ['admin-me'] as const };

/**
 * GET /admins/me: the signed-in admin's roles, which decide the menu and the actions shown. The
 * server checks every call anyway; this only keeps the screens from offering what it would refuse.
 */
export function useAdminMe() {
  const admin = useAdmin();
  return useQuery({
    enabled: Boolean(admin),
    queryKey: [...adminMeKeys.all, admin?.id],
    queryFn: ({ signal }) => request<AdminMe>('/admins/me', { as: 'admin', signal }),
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in admin may use `area` (`write`: change, not only read). Until the roles are
 * known: `whileLoading` (false: an action appears once allowed; true: a form does not flash
 * "read only" to those who may edit it — the server checks either way).
 */
export function useAdminMay(area: AdminAreas, write = true, whileLoading = false): boolean {
  const me = useAdminMe();
  return me.data ? adminMay(me.data.roles, area, write) : whileLoading;
}
