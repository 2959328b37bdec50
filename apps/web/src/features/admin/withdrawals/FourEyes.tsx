import type { Withdrawal, WithdrawalSignOff } from '@app/contracts/withdrawals';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ShieldCheck, UsersRound } from 'lucide-react';
import { useAdmin } from '../../../api/auth-store';
import { useHotWallet } from '../../../api/withdrawals';
import { Money } from '../../../components/ui/Money';
import { formatDateTime, formatRelative } from '../../../lib/format';

/**
 * Where a withdrawal stands on four eyes for the signed-in admin (server: withdrawals/four-eyes.ts):
 * - `one`: at or below the four-eyes amount, one finance admin pays or approves it (within the daily
 *   solo limits; past them the server asks for a sign-off by another admin first);
 * - `unsigned`: above it and nobody signed it off: a sign-off comes first, nothing may be sent;
 * - `mine`: this admin signed it off: another finance admin must pay it, not them;
 * - `other`: another admin signed it off: this admin may pay it or approve it.
 */
export type FourEyes =
  | { step: 'one' }
  | { step: 'unsigned' }
  | { step: 'mine' | 'other'; signOff: WithdrawalSignOff };

export function fourEyesOf(w: Withdrawal, adminId: number | undefined): FourEyes {
  if (!w.sign_off) return w.approvals_needed < 2 ? { step: 'one' } : { step: 'unsigned' };
  return { step: w.sign_off.admin_id === adminId ? 'mine' : 'other', signOff: w.sign_off };
}

/** The four-eyes state of `w` for the admin signed in now. */
export function useFourEyes(w: Withdrawal): FourEyes {
  return fourEyesOf(w, useAdmin()?.id);
}

/** Why this admin may not pay or approve `w` now, or null when they may. */
export function payBlockedReason(state: FourEyes): string | null {
  if (state.step === 'unsigned') return t`Needs a sign-off first; then another finance admin pays it`;
  if (state.step === 'mine') return t`You signed it off: another finance admin pays it`;
  return null;
}

/** "Name, 12 Nov 2026, 10:00 (3 h ago)": who signed it off and when. */
export function SignedOffBy({ signOff, you }: { signOff: WithdrawalSignOff; you?: boolean }) {
  return (
    <>
      <span className="font-medium text-fg" title={signOff.email}>
        {you ? t({ message: 'you', context: 'signed off by' }) : signOff.name}
      </span>
      {!you && <span className="text-muted"> ({signOff.email})</span>},{' '}
      <time dateTime={signOff.at} title={formatRelative(signOff.at)} className="tabular-nums">
        {formatDateTime(signOff.at)}
      </time>
    </>
  );
}

/** The row's four-eyes line: how far the two-admin rule has come (`testId`: the table's, not the cards'). */
export function FourEyesLine({ w, testId = true }: { w: Withdrawal; testId?: boolean }) {
  const state = useFourEyes(w);
  if (state.step === 'one') return null;
  return (
    <span
      className="flex max-w-64 items-start gap-1 text-xs text-muted"
      data-testid={testId ? `four-eyes-${w.id}` : undefined}
    >
      {state.step === 'unsigned' ? (
        <UsersRound className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : (
        <ShieldCheck className="mt-px size-3.5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
      )}
      <span>
        {state.step === 'unsigned' ? (
          <Trans>Two finance admins: not signed off yet</Trans>
        ) : (
          <Trans>
            Signed off by <SignedOffBy signOff={state.signOff} you={state.step === 'mine'} />
          </Trans>
        )}
      </span>
    </span>
  );
}

/**
 * What the approve dialog says about four eyes before anything is sent: two finance admins, a
 * sign-off first, then ANOTHER admin sends the money and records the hash.
 */
export function FourEyesExplainer({ w, state }: { w: Withdrawal; state: FourEyes }) {
  const wallet = useHotWallet();
  const threshold = wallet.data?.four_eyes_above;
  if (state.step === 'one') return null;
  return (
    <div
      className="rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
      data-testid="four-eyes-explainer"
    >
      <p className="font-medium">
        <Trans>Two finance admins are needed</Trans>
      </p>
      <p className="mt-1">
        {threshold !== undefined ? (
          <Trans>
            This withdrawal pays <Money value={w.net} />, above the four-eyes amount of{' '}
            <Money value={threshold} />. First one finance admin signs it off; then another finance admin
            sends the money and records the transaction hash.
          </Trans>
        ) : (
          <Trans>
            This withdrawal pays <Money value={w.net} />. First one finance admin signs it off; then another
            finance admin sends the money and records the transaction hash.
          </Trans>
        )}
      </p>
      <p className="mt-1 font-medium">
        {state.step === 'unsigned' ? (
          <Trans>Nobody has signed it off yet: send nothing now.</Trans>
        ) : state.step === 'mine' ? (
          <Trans>You signed it off, so you may not send it: ask another finance admin.</Trans>
        ) : (
          <Trans>It is signed off: you are the second admin and may send it now.</Trans>
        )}
      </p>
      {state.step !== 'unsigned' && (
        <p className="mt-1 text-xs">
          <Trans>
            Signed off by <SignedOffBy signOff={state.signOff} you={state.step === 'mine'} />
          </Trans>
        </p>
      )}
    </div>
  );
}
