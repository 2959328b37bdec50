import {
  WITHDRAWAL_STATE_WORDS,
  type WithdrawalState,
  withdrawalState,
} from '@app/contracts/withdrawal-words';
import { payoutExplorerUrl, type Withdrawal } from '@app/contracts/withdrawals';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../ui/Badge';

/**
 * Status in the one withdrawal vocabulary (contracts/withdrawal-words.ts: Requested, Being paid,
 * Paid, Rejected, Cancelled, as the notification and the e-mail say it) with what followed it: the
 * payout hash once paid (a link to the network's block explorer), the reason once rejected.
 */
export interface WithdrawalStatusWords {
  states: Record<WithdrawalState, { text: string; hint: string }>;
  explorer: (hash: string, chain: string) => string;
}

export function WithdrawalStatus({
  w,
  words,
}: {
  w: Withdrawal;
  /** The member's screens pass the words in the member's language (the back-office reads English). */
  words?: WithdrawalStatusWords;
}) {
  const state = withdrawalState(w);
  const label = { ...WITHDRAWAL_STATE_WORDS[state], ...words?.states[state] };
  const chain = w.network === 'BEP20' ? 'BNB Smart Chain' : 'TRON';
  if (state === 'cancelled')
    return (
      <span title={label.hint}>
        <Badge tone={label.tone}>{label.text}</Badge>
      </span>
    );
  const explorer = w.tx_hash ? payoutExplorerUrl(w.network, w.tx_hash) : null;
  return (
    <div className="flex flex-col items-start gap-1">
      <span title={label.hint}>
        <Badge tone={label.tone}>{label.text}</Badge>
      </span>
      {w.tx_hash &&
        (explorer ? (
          <a
            href={explorer}
            target="_blank"
            rel="noreferrer"
            className="inline-flex max-w-48 items-center gap-1 text-xs text-accent-text hover:underline"
            title={words ? words.explorer(w.tx_hash, chain) : `${w.tx_hash} on the ${chain} explorer`}
          >
            <span className="truncate font-mono">{w.tx_hash}</span>
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        ) : (
          <span className="max-w-48 truncate font-mono text-xs text-muted" title={w.tx_hash}>
            {w.tx_hash}
          </span>
        ))}
      {state === 'rejected' && w.reason && <span className="max-w-56 text-xs text-muted">{w.reason}</span>}
    </div>
  );
}
