import type { Withdrawal } from '@app/contracts/withdrawals';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { WithdrawalStatus } from '../../../components/money/WithdrawalStatus';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Money } from '../../../components/ui/Money';
import type { Column } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { formatPercent } from '../../../lib/money';
import { WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';
import type { DecisionTarget } from './DecisionDialogs';
import { FourEyesLine, fourEyesOf, payBlockedReason } from './FourEyes';

/** A payout transaction may still move money: nothing else may be decided on the request. */
export const inFlight = (w: Withdrawal) => w.payout?.status === 'signed' || w.payout?.status === 'sent';

export interface RowActions {
  onDecide: (target: DecisionTarget) => void;
  onPay: (chosen: Withdrawal[]) => void;
  onSignOff: (w: Withdrawal) => void;
  /** The hot wallet pays BEP20 requests on chain. */
  walletOn: boolean;
  /** Payable from the hot wallet now (configured, BEP20, pending, nothing in flight, four eyes met). */
  payable: (w: Withdrawal) => boolean;
  /** The signed-in admin (four eyes: whoever signed a request off may not pay it). */
  adminId: number | undefined;
  /** The signed-in admin may decide (finance or owner; an auditor only reads). */
  mayDecide: boolean;
  selected: Set<number>;
  onSelect: (w: Withdrawal, on: boolean) => void;
}

/**
 * The list's columns. `choosing`: some request on the page can be chosen for an on-chain payout; the
 * checkbox column shows only then (issue 37.16: with on-chain payouts off it was an empty column).
 */
export function withdrawalColumns(
  a: RowActions,
  showKind: boolean,
  choosing: boolean,
): Array<Column<Withdrawal>> {
  const columns: Array<Column<Withdrawal>> = [
    {
      key: 'select',
      header: (
        <span className="sr-only">
          <Trans>Choose for payout</Trans>
        </span>
      ),
      cell: (w) => {
        const { id, username } = w;
        return a.payable(w) ? (
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={a.selected.has(w.id)}
            onChange={(e) => a.onSelect(w, e.target.checked)}
            aria-label={t`Choose withdrawal ${id} of ${username} for payout`}
          />
        ) : null;
      },
    },
    { key: 'date', header: <Trans>Requested</Trans>, cell: (w) => <When iso={w.created_at} stacked /> },
    {
      key: 'member',
      header: <Trans>Member</Trans>,
      cell: (w) => (
        <span className="flex flex-col">
          <Link
            to={`/admin/check/profile/${w.user_id}`}
            className="font-medium text-accent-text hover:underline"
          >
            {w.username}
          </Link>
          {showKind && <span className="text-xs text-muted">{WITHDRAWAL_KIND_LABEL[w.kind].text}</span>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: <Trans>Amount</Trans>,
      className: 'text-right',
      cell: (w) => (
        <span className="flex flex-col items-end">
          <Money value={w.amount} />
          <span className="text-xs whitespace-nowrap text-muted">
            <Trans>
              fee <Money value={w.fee} /> ({formatPercent(w.fee_percent)})
            </Trans>
          </span>
        </span>
      ),
    },
    {
      key: 'net',
      header: <Trans>Net</Trans>,
      className: 'text-right',
      cell: (w) => <Money value={w.net} className="font-medium" />,
    },
    {
      key: 'address',
      header: <Trans>Pay to</Trans>,
      cell: (w) => (
        <span className="flex items-center gap-1">
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-medium">{w.network}</span>
            <span className="max-w-28 truncate font-mono text-xs text-muted" title={w.address}>
              {w.address}
            </span>
          </span>
          <CopyButton value={w.address} label={t`Address`} />
        </span>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (w) =>
        w.status === 'pending' ? (
          <div className="flex flex-col items-start gap-2">
            <WithdrawalStatus w={w} />
            <FourEyesLine w={w} />
            <PayoutFacts w={w} />
            {!inFlight(w) && a.mayDecide && <PendingActions w={w} a={a} />}
          </div>
        ) : (
          <div className="flex flex-col items-start gap-1">
            <WithdrawalStatus w={w} />
            {w.approvals_needed > 1 && <FourEyesLine w={w} />}
          </div>
        ),
    },
  ];
  return choosing ? columns : columns.filter((c) => c.key !== 'select');
}

/**
 * A pending request's buttons. Above the four-eyes amount: Sign off until someone has; the admin
 * who signed off sees Pay and Approve disabled, with the reason beside them.
 */
export function PendingActions({ w, a, place = 'row' }: { w: Withdrawal; a: RowActions; place?: string }) {
  const { t } = useLingui();
  const { id, username } = w;
  const state = fourEyesOf(w, a.adminId);
  const blocked = payBlockedReason(state);
  const reasonId = `pay-blocked-${place}-${w.id}`;
  const onChain = a.walletOn && w.network === 'BEP20';
  return (
    <div className="flex flex-col items-start gap-1.5">
      <div className="flex flex-wrap gap-2">
        {state.step === 'unsigned' && (
          <Button
            size="sm"
            onClick={() => a.onSignOff(w)}
            aria-label={t`Sign off withdrawal ${id} of ${username}`}
          >
            <Trans>Sign off</Trans>
          </Button>
        )}
        {onChain && (
          <Button
            size="sm"
            variant={state.step === 'unsigned' ? 'secondary' : 'primary'}
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={() => a.onPay([w])}
            aria-label={t`Pay withdrawal ${id} of ${username} on chain`}
          >
            <Trans>Pay on chain</Trans>
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={state.step === 'mine'}
          aria-describedby={state.step === 'mine' ? reasonId : undefined}
          onClick={() => a.onDecide({ w, decision: 'approved' })}
          aria-label={t`Approve withdrawal ${id} of ${username}`}
        >
          <Trans>Approve</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700 dark:text-red-400"
          onClick={() => a.onDecide({ w, decision: 'rejected' })}
          aria-label={t`Reject withdrawal ${id} of ${username}`}
        >
          <Trans>Reject</Trans>
        </Button>
      </div>
      {blocked && (state.step === 'mine' || onChain) && (
        <span id={reasonId} className="max-w-64 text-xs text-amber-800 dark:text-amber-300">
          {blocked}
        </span>
      )}
    </div>
  );
}

/** The on-chain payout of a pending request, in words. */
export function PayoutFacts({ w }: { w: Withdrawal }) {
  if (!w.payout || w.payout.status === 'confirmed') return null;
  return (
    <span className="flex max-w-56 flex-col text-xs">
      <span className={w.payout.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-muted'}>
        {i18n._(PAYOUT_TEXT[w.payout.status])}
        {w.payout.error ? `: ${w.payout.error}` : ''}
      </span>
      <span className="truncate font-mono text-muted" title={w.payout.tx_hash}>
        {w.payout.tx_hash}
      </span>
    </span>
  );
}

const PAYOUT_TEXT = {
  signed: msg`Payout signed, being sent`,
  sent: msg`Payout sent, waiting for confirmations`,
  confirmed: msg`Paid on chain`,
  failed: msg`Payout failed, nothing was paid`,
} as const;
