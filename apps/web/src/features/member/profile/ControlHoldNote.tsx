import type { User } from '@app/contracts/users';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldAlert } from 'lucide-react';
import { useRunningHold } from './ControlHold';

/**
 * The Profile page's account-safety note: what the pause of ControlHold.tsx is for and what still
 * works. Apart from the banner: its words load with the profile, not with every member page.
 */
export function ControlHoldNote({ user }: { user: User }) {
  const { t } = useLingui();
  const hold = useRunningHold(user);
  if (!hold) return null;
  const { until, what } = hold;
  return (
    <section
      aria-label={t`Withdrawals paused`}
      className="flex items-start gap-3 rounded-xl border border-amber-600/30 bg-surface p-4 text-sm"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium text-fg">
          <Trans>
            Your {what} changed: withdrawals and transfers to other members are paused until {until}.
          </Trans>
        </p>
        <p className="text-muted">
          <Trans>
            A notice went to the e-mail address the account had before the change. The pause gives you time to
            stop someone else who changed your account: if it was not you, contact support at once. Everything
            else, including moving earnings to your own fund wallet, works as usual.
          </Trans>
        </p>
      </div>
    </section>
  );
}
