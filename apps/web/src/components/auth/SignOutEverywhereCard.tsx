import { Trans, useLingui } from '@lingui/react/macro';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useSignoutEverywhere } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Banner } from '../ui/Banner';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * "Sign out everywhere" for the member profile and the admin Security page: ends every session of
 * the account at once (a lost phone, a shared computer), this one included. In the `account`
 * catalog, which the back-office loads too.
 */
export function SignOutEverywhereCard({ side }: { side: 'member' | 'admin' }) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const signout = useSignoutEverywhere(side);
  return (
    <Card title={t`Signed-in devices`}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          <Trans>
            Lost a phone or signed in on a shared computer? End every session of this account on every device,
            including this one. You can sign in again straight away.
          </Trans>
          {side === 'admin' && (
            <>
              {' '}
              <Trans>Browsers you trusted at sign-in will ask for your code again.</Trans>
            </>
          )}
        </p>
        <div>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            <MonitorSmartphone className="size-4" aria-hidden="true" /> <Trans>Sign out everywhere</Trans>
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={t`Sign out everywhere?`}
        description={t`Every session of this account ends now, on every device, including this one.`}
        confirmLabel={t`Sign out everywhere`}
        danger
        busy={signout.isPending}
        onConfirm={() => signout.mutate()}
        onCancel={() => {
          signout.reset();
          setAsking(false);
        }}
      >
        {signout.isError && <Banner tone="error">{errorMessage(signout.error)}</Banner>}
      </ConfirmDialog>
    </Card>
  );
}
