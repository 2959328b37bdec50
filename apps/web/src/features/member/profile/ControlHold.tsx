import type { ControlKind, User } from '@app/contracts/users';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { useUser } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { formatDateTime } from '../../../i18n/format';
import { intlLocale } from '../../../i18n/locales';

/**
 * A change of password, e-mail or payout address pauses withdrawals and transfers to other members
 * for a while (issue 36); the member is told here, with when it ends in their own time, and why.
 * In the `member` catalog (lingui.config.ts): the banner shows under the header on every member page.
 */

const WHAT = {
  password: msg`password`,
  email: msg`e-mail address`,
  payout_address: msg`payout address`,
} as const satisfies Record<ControlKind, unknown>;

/** The hold while it runs by this browser's clock; it goes away by itself when it ends. */
export function useRunningHold(user: Pick<User, 'controls_hold_until' | 'controls_hold_what'> | undefined) {
  const { i18n, t } = useLingui();
  const until = user?.controls_hold_until ?? null;
  const [, rerender] = useState(0);
  const left = until ? new Date(until).getTime() - Date.now() : 0;
  useEffect(() => {
    if (left <= 0) return;
    // at most a week (the setting's maximum): well within what setTimeout can wait
    const timer = setTimeout(() => rerender((n) => n + 1), left + 500);
    return () => clearTimeout(timer);
  }, [left]);
  if (!user || !until || left <= 0) return null;
  // the changed details as the language lists them ("password and e-mail address")
  const words = user.controls_hold_what.map((kind) => i18n._(WHAT[kind]));
  const what = words.length
    ? new Intl.ListFormat(intlLocale(i18n.locale || 'en'), { type: 'conjunction' }).format(words)
    : t`account details`;
  return { until: formatDateTime(until), what };
}

/** Under the member area's header on every page while a hold runs. */
export function ControlHoldBanner() {
  const member = useMember();
  const { data: user } = useUser(member?.id ?? 0, 'member');
  const hold = useRunningHold(user);
  if (!hold) return null;
  const { until, what } = hold;
  return (
    <div className="mb-6" data-testid="control-hold-banner">
      <Banner tone="notice">
        <Trans>
          Withdrawals and transfers are paused until {until} because your {what} changed. If this was not you,
          contact support.
        </Trans>
      </Banner>
    </div>
  );
}
