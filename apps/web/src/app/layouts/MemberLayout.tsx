import { Trans } from '@lingui/react/macro';
import { useSignout } from '../../api/auth';
import { useMember } from '../../api/auth-store';
import { NotificationBell } from '../../features/member/notifications/NotificationBell';
import { NotificationPopup } from '../../features/member/notifications/NotificationPopup';
import { ControlHoldBanner } from '../../features/member/profile/ControlHold';
import { MemberLocaleSync } from '../../features/member/profile/member-locale';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { MEMBER_NAV } from '../nav';
import { AppShell } from './AppShell';
import { AreaProviders } from './AreaProviders';

function MemberArea() {
  const member = useMember();
  const signout = useSignout('member');
  const code = member?.refferal_code;

  const signOut = () => signout.mutate();

  return (
    <AppShell
      area="Member"
      nav={MEMBER_NAV}
      memberId={member?.id}
      home="/user/dashboard"
      who={member ? <Trans>Code {code}</Trans> : null}
      onSignOut={signOut}
      signingOut={signout.isPending}
      notice={<ControlHoldBanner />}
      actions={
        <>
          <MemberLocaleSync />
          <LanguagePicker />
          <NotificationBell />
          <NotificationPopup />
        </>
      }
    />
  );
}

export default function MemberLayout() {
  return (
    <AreaProviders>
      <MemberArea />
    </AreaProviders>
  );
}
