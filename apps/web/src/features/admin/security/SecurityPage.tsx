import { MSG } from '@app/contracts/messages';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useTotpStatus } from '../../../api/totp';
import { SignOutEverywhereCard } from '../../../components/auth/SignOutEverywhereCard';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpOff } from './TotpOff';
import { TotpSetup } from './TotpSetup';

/**
 * The admin's own account security: two-factor authentication (set up with a QR code, recovery
 * codes shown once, turned off with a code) and "sign out everywhere". When the platform requires
 * two-factor authentication, an admin without it is held here until it is on.
 */
export default function SecurityPage() {
  const admin = useAdmin();
  const status = useTotpStatus();
  // the codes exist only in the answer that turned TOTP on: kept here until the admin has saved them
  const [codes, setCodes] = useState<string[] | null>(null);
  const { t } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Security · EarnHub admin`}</title>
      <PageHeader
        title={t`Security`}
        description={t`Protect your back-office account with an authenticator app, and end sessions you no longer trust.`}
      />
      {admin?.totp_setup_required && <Banner tone="error">{MSG.totpSetupRequired}</Banner>}
      {status.error && <Banner tone="error">{errorMessage(status.error)}</Banner>}
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <Card
          title={t`Two-factor authentication`}
          action={
            status.data && (
              <Badge tone={status.data.enabled ? 'green' : 'amber'}>
                {status.data.enabled ? t`On` : t`Off`}
              </Badge>
            )
          }
        >
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
          ) : status.data ? (
            status.data.enabled ? (
              <TotpOff codesLeft={status.data.recovery_codes_left} required={status.data.required} />
            ) : (
              <TotpSetup required={status.data.required} onEnabled={setCodes} />
            )
          ) : (
            !status.error && <PageSpinner label={t`Loading two-factor authentication`} />
          )}
        </Card>
        <SignOutEverywhereCard side="admin" />
      </div>
    </div>
  );
}
