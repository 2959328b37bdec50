import type { TrustedBrowser } from '@app/contracts/admin-account';
import { TRUSTED_BROWSER_HOURS } from '@app/contracts/auth';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MonitorSmartphone } from 'lucide-react';
import toast from 'react-hot-toast';
import { useRevokeTrustedBrowser } from '../../../api/admin-account';
import { errorMessage } from '../../../api/client';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { i18n } from '../../../i18n';
import { formatDateTime, formatPast, formatRelative } from '../../../lib/format';

/** "Chrome on Windows" from a user agent: enough to recognise one's own browsers. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return i18n._(msg`Unknown browser`);
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? i18n._(msg`A browser`);
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => userAgent.includes(mark!))?.[1] ?? null;
  return system ? i18n._(msg`${browser} on ${system}`) : browser;
}

/** "Trusted 2 days ago · expires in 28 days · last used 1 hour ago". */
function TrustedDates({ browser: b }: { browser: TrustedBrowser }) {
  const created = formatPast(b.created_at);
  const expires = formatRelative(b.expires_at);
  const used = b.last_used_at ? formatPast(b.last_used_at) : null;
  return (
    <>
      <Trans>
        Trusted <span title={formatDateTime(b.created_at)}>{created}</span> · expires{' '}
        <span title={formatDateTime(b.expires_at)}>{expires}</span>
      </Trans>
      {used && (
        <>
          {' '}
          <Trans>· last used {used}</Trans>
        </>
      )}
    </>
  );
}

/**
 * The browsers where this admin ticked "Trust this browser" at the code step: each skips the code
 * until it expires; stopping the trust asks for the code again there.
 */
export function TrustedBrowsersCard({
  browsers,
  thisBrowser,
  totpOn,
}: {
  browsers: TrustedBrowser[];
  thisBrowser: number | undefined;
  /** Without two-factor authentication there is no code step for a browser to skip. */
  totpOn: boolean;
}) {
  const revoke = useRevokeTrustedBrowser();
  const { t } = useLingui();
  const hours = TRUSTED_BROWSER_HOURS;
  return (
    <Card title={t`Trusted browsers`}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          <Trans>
            Where you ticked “Trust this browser for {hours} hours” when entering your code, signing in asks
            only for your password until then. A password change or signing out everywhere ends them all.
          </Trans>
        </p>
        {revoke.isError && <Banner tone="error">{errorMessage(revoke.error)}</Banner>}
        {browsers.length === 0 ? (
          <p className="rounded-lg bg-subtle px-3 py-4 text-center text-sm text-muted">
            {totpOn
              ? t`No browser is trusted. Every sign-in asks for your code.`
              : t`Two-factor authentication is off, so signing in asks for no code. Turn it on first.`}
          </p>
        ) : (
          <ul aria-label={t`Trusted browsers`} className="flex flex-col divide-y divide-line">
            {browsers.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
                      <span title={b.user_agent ?? undefined}>{browserName(b.user_agent)}</span>
                      {b.id === thisBrowser && (
                        <Badge tone="green">
                          <Trans>This browser</Trans>
                        </Badge>
                      )}
                    </p>
                    <p className="text-xs text-muted">
                      <TrustedDates browser={b} />
                    </p>
                  </div>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  busy={revoke.isPending && revoke.variables === b.id}
                  onClick={() => revoke.mutate(b.id, { onSuccess: (data) => toast.success(data.message) })}
                >
                  <Trans>Stop trusting</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
