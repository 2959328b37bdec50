import type { Withdrawal } from '@app/contracts/withdrawals';
import { DECISION_LABEL } from '../../lib/money-labels';
import { Badge } from '../ui/Badge';

/** The server records a member's cancellation as a rejection with this reason. */
const CANCELLED = 'cancelled';

/** Status with what followed it: the payout hash once approved, the reason once rejected. */
export function WithdrawalStatus({ w }: { w: Withdrawal }) {
  if (w.status === 'rejected' && w.reason === CANCELLED) return <Badge>Cancelled</Badge>;
  const label = DECISION_LABEL[w.status];
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={label.tone}>{label.text}</Badge>
      {w.tx_hash && (
        <span className="max-w-48 truncate font-mono text-xs text-muted" title={w.tx_hash}>
          {w.tx_hash}
        </span>
      )}
      {w.status === 'rejected' && w.reason && <span className="max-w-56 text-xs text-muted">{w.reason}</span>}
    </div>
  );
}
