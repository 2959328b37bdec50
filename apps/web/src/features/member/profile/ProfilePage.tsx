import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useUser } from '../../../api/users';
import { SignOutEverywhereCard } from '../../../components/auth/SignOutEverywhereCard';
import { Banner } from '../../../components/ui/Banner';
import { PageSpinner } from '../../../components/ui/Spinner';
import { NotificationPrefsCard } from '../notifications/NotificationPrefsCard';
import { ControlHoldNote } from './ControlHoldNote';
import { EmailVerification } from './EmailVerification';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export default function ProfilePage() {
  const { t } = useLingui();
  const member = useMember();
  const { id } = useParams();
  const { hash } = useLocation();
  const { data: user, isPending, error } = useUser(member?.id ?? 0, 'member');

  // The dashboard links to #verify; scroll there once the section exists.
  useEffect(() => {
    if (user && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [user, hash]);

  // A member only ever sees their own profile: another id in the address leads back to theirs.
  if (member && id !== String(member.id))
    return <Navigate to={`/user/profile/${member.id}${hash}`} replace />;
  if (isPending) return <PageSpinner label={t`Loading your profile`} />;
  if (error || !user) return <Banner tone="error">{errorMessage(error)}</Banner>;

  const { username, refferal_code: code } = user;
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Profile · EarnHub`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-fg">
          <Trans>Profile</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Username <span className="font-medium text-fg">{username}</span> · referral code{' '}
            <span className="font-medium text-fg">{code}</span>
          </Trans>
        </p>
      </div>
      <ControlHoldNote user={user} />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <ProfileForm user={user} />
        <div className="flex flex-col gap-6">
          <EmailVerification user={user} />
          <PasswordForm userId={user.id} />
          <NotificationPrefsCard />
          <SignOutEverywhereCard side="member" />
        </div>
      </div>
    </div>
  );
}
