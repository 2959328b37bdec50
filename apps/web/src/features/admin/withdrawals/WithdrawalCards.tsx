import type { Withdrawal } from '@app/contracts/withdrawals';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { WithdrawalStatus } from '../../../components/money/WithdrawalStatus';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Money } from '../../../components/ui/Money';
import { When } from '../../../components/ui/When';
import { formatPercent } from '../../../lib/money';
import { WITHDRAWAL_KIND_LABEL } from '../../../lib/money-labels';
import { FourEyesLine } from './FourEyes';
import { inFlight, PayoutFacts, PendingActions, type RowActions } from './WithdrawalColumns';

/**
 * A request on a phone (the Table's card): its status, four eyes and buttons in view (a table row
 * would keep them off to the right).
 */
export function WithdrawalCard({ w, a, showKind }: { w: Withdrawal; a: RowActions; showKind: boolean }) {
  const { t } = useLingui();
  const { id, username } = w;
  const fee = formatPercent(w.fee_percent);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <span className="flex items-start gap-2">
          {a.payable(w) && (
            <input
              type="checkbox"
              className="mt-1 size-4 accent-[var(--color-accent)]"
              checked={a.selected.has(w.id)}
              onChange={(e) => a.onSelect(w, e.target.checked)}
              aria-label={t`Choose withdrawal ${id} of ${username} for payout`}
            />
          )}
          <span className="flex flex-col">
            <Link
              to={`/admin/check/profile/${w.user_id}`}
              className="font-medium text-accent-text hover:underline"
            >
              {w.username}
            </Link>
            <span className="text-xs text-muted">
              {showKind && `${WITHDRAWAL_KIND_LABEL[w.kind].text} · `}
              <When iso={w.created_at} />
            </span>
          </span>
        </span>
        <span className="flex flex-col items-end text-right">
          <Money value={w.net} className="font-semibold" />
          <span className="text-xs whitespace-nowrap text-muted">
            <Trans>
              of <Money value={w.amount} />, fee {fee}
            </Trans>
          </span>
        </span>
      </div>
      <div className="flex items-center gap-1 text-xs">
        <span className="font-medium">{w.network}</span>
        <span className="min-w-0 truncate font-mono text-muted" title={w.address}>
          {w.address}
        </span>
        <CopyButton value={w.address} label={t`Address`} />
      </div>
      <div className="flex flex-col items-start gap-2">
        <WithdrawalStatus w={w} />
        {w.approvals_needed > 1 && <FourEyesLine w={w} testId={false} />}
        {w.status === 'pending' && <PayoutFacts w={w} />}
        {w.status === 'pending' && !inFlight(w) && a.mayDecide && <PendingActions w={w} a={a} place="card" />}
      </div>
    </div>
  );
}
