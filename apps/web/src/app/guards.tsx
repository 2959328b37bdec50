import { SESSION_ENDED } from '@app/contracts/session-messages';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdmin, useAuthStore, useMember, useSignedOutOnPurpose } from '../api/auth-store';
import { PageSpinner } from '../components/ui/Spinner';
import { toastLater } from '../lib/toast-later';
import { returnState } from './return-to';

/** Ends a session at its expireAt even if the page just sits there, so a stale screen is never shown as live. */
function useSignOutAtExpiry(side: 'member' | 'admin') {
  const expireAt = useAuthStore((s) => (side === 'member' ? s.expireAt : s.adminExpireAt));
  const clear = useAuthStore((s) => (side === 'member' ? s.clearMember : s.clearAdmin));
  useEffect(() => {
    const left = expireAt ? Date.parse(expireAt) - Date.now() : Number.NaN;
    if (!(left > 0)) return;
    const timer = setTimeout(
      () => {
        clear(SESSION_ENDED);
        toastLater.error(SESSION_ENDED, { id: `session-${side}` });
      },
      Math.min(left, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [expireAt, clear, side]);
}

/** Member routes: a visitor (or an expired session) goes to /login and comes back after signing in. */
export function RequireMember() {
  useSignOutAtExpiry('member');
  const member = useMember();
  const location = useLocation();
  const onPurpose = useSignedOutOnPurpose();
  if (!member) return <Navigate to="/login" replace state={returnState(location, onPurpose)} />;
  return <Outlet />;
}

/**
 * A reload or a new tab of this browser resumes its admin session (api/admin-session.ts) before the
 * guard decides: 'pending' while the server is asked (once per page load), then 'settled'. Loaded
 * when needed, so the public pages do not carry it.
 */
function useAdminResume(needed: boolean): 'pending' | 'settled' {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!needed || settled) return;
    let live = true;
    void import('../api/admin-session')
      .then((m) => m.resumeAdmin())
      .catch(() => false)
      .then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [needed, settled]);
  return needed && !settled ? 'pending' : 'settled';
}

/**
 * Admin routes: a signed-in admin passes; a signed-in member is not allowed (/unauthorized);
 * anyone else signs in at /admin-login first, unless this browser's admin session resumes.
 */
export function RequireAdmin() {
  useSignOutAtExpiry('admin');
  const admin = useAdmin();
  const member = useMember();
  const location = useLocation();
  const onPurpose = useSignedOutOnPurpose();
  // not after a sign-out in this tab (the server ended that session), nor once this page load asked
  const [askable] = useState(() => !admin && !onPurpose);
  const { t } = useLingui();
  if (useAdminResume(askable && !admin) === 'pending')
    return <PageSpinner label={t`Resuming your admin session`} />;
  // the platform requires two-factor authentication and this admin has none yet: set it up first
  if (admin?.totp_setup_required && location.pathname !== ADMIN_SECURITY)
    return <Navigate to={ADMIN_SECURITY} replace />;
  if (admin) return <Outlet />;
  // the return address goes along: the not-allowed page's back-office sign-in link carries it on
  if (member) return <Navigate to="/unauthorized" replace state={returnState(location, onPurpose)} />;
  return <Navigate to="/admin-login" replace state={returnState(location, onPurpose)} />;
}

/** The admin's own security page (two-factor authentication, sign out everywhere). */
export const ADMIN_SECURITY = '/admin/security';
