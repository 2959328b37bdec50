import type { ControlKind, User } from '@app/contracts/users';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { useUser } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { formatDateTime } from '../../../lib/format';

/**
 * A change of password, e-mail or payout address pauses withdrawals and transfers to other members
 * for a while (issue 36); the member is told here, with when it ends in their own time, and why.
 */

const WHAT: Record<ControlKind, string> = {
  password: 'password',
  email: 'e-mail address',
  payout_address: 'payout address',
};

function controlsText(what: readonly ControlKind[]): string {
  const words = what.map((w) => WHAT[w]);
  if (words.length <= 1) return words[0] ?? 'account details';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The hold while it runs by this browser's clock; it goes away by itself when it ends. */
function useRunningHold(user: Pick<User, 'controls_hold_until' | 'controls_hold_what'> | undefined) {
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
  return { until, what: controlsText(user.controls_hold_what) };
}

/** Under the member area's header on every page while a hold runs. */
export function ControlHoldBanner() {
  const member = useMember();
  const { data: user } = useUser(member?.id ?? 0, 'member');
  const hold = useRunningHold(user);
  if (!hold) return null;
  return (
    <div className="mb-6" data-testid="control-hold-banner">
      <Banner tone="notice">
        Withdrawals and transfers are paused until {formatDateTime(hold.until)} because your {hold.what}{' '}
        changed. If this was not you, contact support.
      </Banner>
    </div>
  );
}

/** The Profile page's account-safety note: what the pause is for and what still works. */
export function ControlHoldNote({ user }: { user: User }) {
  const hold = useRunningHold(user);
  if (!hold) return null;
  return (
    <section
      aria-label="Withdrawals paused"
      className="flex items-start gap-3 rounded-xl border border-amber-600/30 bg-surface p-4 text-sm"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium text-fg">
          Your {hold.what} changed: withdrawals and transfers to other members are paused until{' '}
          {formatDateTime(hold.until)}.
        </p>
        <p className="text-muted">
          A notice went to the e-mail address the account had before the change. The pause gives you time to
          stop someone else who changed your account: if it was not you, contact support at once. Everything
          else, including moving earnings to your own fund wallet, works as usual.
        </p>
      </div>
    </section>
  );
}
