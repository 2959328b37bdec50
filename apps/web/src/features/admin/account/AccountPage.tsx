import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useAdminAccount } from '../../../api/admin-account';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useTotpStatus } from '../../../api/totp';
import { ADMIN_SECURITY } from '../../../app/guards';
import { Banner } from '../../../components/ui/Banner';
import { buttonClass } from '../../../components/ui/Button';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { trustedIdOf } from '../../../lib/trusted-browser';
import { EmailCard } from './EmailCard';
import { PasswordCard } from './PasswordCard';
import { TrustedBrowsersCard } from './TrustedBrowsersCard';

/**
 * The admin's own account, whatever their roles: password, e-mail address and trusted browsers.
 * Two-factor authentication and "sign out everywhere" are on the Security page.
 */
export default function AccountPage() {
  const admin = useAdmin();
  const account = useAdminAccount();
  const totp = useTotpStatus();
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Account · EarnHub admin`}</title>
      <PageHeader
        title={t`Account`}
        description={t`Your own back-office account: password, e-mail address and the browsers you trust.`}
        actions={
          <Link to={ADMIN_SECURITY} className={buttonClass('secondary', 'md')}>
            <ShieldCheck className="size-4" aria-hidden="true" /> <Trans>Two-factor authentication</Trans>
          </Link>
        }
      />
      {account.error && <Banner tone="error">{errorMessage(account.error)}</Banner>}
      {account.data ? (
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <div className="flex min-w-0 flex-col gap-6">
            <PasswordCard />
            <EmailCard email={account.data.email} pending={account.data.pending_email} />
          </div>
          <TrustedBrowsersCard
            browsers={account.data.trusted_browsers}
            thisBrowser={admin ? trustedIdOf(admin.id) : undefined}
            totpOn={totp.data?.enabled ?? true}
          />
        </div>
      ) : (
        !account.error && <PageSpinner label={t`Loading your account`} />
      )}
    </div>
  );
}
