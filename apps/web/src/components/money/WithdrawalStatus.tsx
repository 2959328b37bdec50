import { payoutExplorerUrl, type Withdrawal } from '@app/contracts/withdrawals';
import { ExternalLink } from 'lucide-react';
import { DECISION_LABEL } from '../../lib/money-labels';
import { Badge } from '../ui/Badge';

/** The server records a member's cancellation as a rejection with this reason. */
const CANCELLED = 'cancelled';

/**
 * Status with what followed it: the payout hash once approved (a link to the network's block
 * explorer), the reason once rejected.
 */
export function WithdrawalStatus({ w }: { w: Withdrawal }) {
  if (w.status === 'rejected' && w.reason === CANCELLED) return <Badge>Cancelled</Badge>;
  const label = DECISION_LABEL[w.status];
  const explorer = w.tx_hash ? payoutExplorerUrl(w.network, w.tx_hash) : null;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={label.tone}>{label.text}</Badge>
      {w.tx_hash &&
        (explorer ? (
          <a
            href={explorer}
            target="_blank"
            rel="noreferrer"
            className="inline-flex max-w-48 items-center gap-1 text-xs text-accent-text hover:underline"
            title={`${w.tx_hash} on the ${w.network === 'BEP20' ? 'BNB Smart Chain' : 'TRON'} explorer`}
          >
            <span className="truncate font-mono">{w.tx_hash}</span>
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        ) : (
          <span className="max-w-48 truncate font-mono text-xs text-muted" title={w.tx_hash}>
            {w.tx_hash}
          </span>
        ))}
      {w.status === 'rejected' && w.reason && <span className="max-w-56 text-xs text-muted">{w.reason}</span>}
    </div>
  );
}
