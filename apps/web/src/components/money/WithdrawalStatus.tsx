import {
  WITHDRAWAL_STATE_WORDS,
  type WithdrawalState,
  withdrawalState,
} from '@app/contracts/withdrawal-words';
import { payoutExplorerUrl, type Withdrawal } from '@app/contracts/withdrawals';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { Badge } from '../ui/Badge';

/** The states' words as the member's withdrawal screens say them (same messages, same context). */
const STATE: Record<WithdrawalState, { text: MessageDescriptor; hint: MessageDescriptor }> = {
  requested: {
    text: msg({ message: 'Requested', context: 'withdrawal' }),
    hint: msg`Waiting for an admin to approve it; the amount is held from the wallet.`,
  },
  being_paid: {
    text: msg({ message: 'Being paid', context: 'withdrawal' }),
    hint: msg`Approved and sent on chain; waiting for the network to confirm it.`,
  },
  paid: {
    text: msg({ message: 'Paid', context: 'withdrawal' }),
    hint: msg`Approved and sent to the payout address.`,
  },
  rejected: {
    text: msg({ message: 'Rejected', context: 'withdrawal' }),
    hint: msg`Not paid; the full amount went back to the wallet.`,
  },
  cancelled: {
    text: msg({ message: 'Cancelled', context: 'withdrawal' }),
    hint: msg`Cancelled by the member; the full amount went back to the wallet.`,
  },
};

/**
 * Status in the one withdrawal vocabulary (contracts/withdrawal-words.ts: Requested, Being paid,
 * Paid, Rejected, Cancelled, as the notification and the e-mail say it) with what followed it: the
 * payout hash once paid (a link to the network's block explorer), the reason once rejected. The
 * words come through the catalogs: English for the back-office, the member's language on theirs.
 */
export function WithdrawalStatus({ w }: { w: Withdrawal }) {
  const { i18n, t } = useLingui();
  const state = withdrawalState(w);
  const label = {
    tone: WITHDRAWAL_STATE_WORDS[state].tone,
    text: i18n._(STATE[state].text),
    hint: i18n._(STATE[state].hint),
  };
  const chain = w.network === 'BEP20' ? 'BNB Smart Chain' : 'TRON';
  const hash = w.tx_hash;
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
            dir="ltr"
            className="inline-flex max-w-48 items-center gap-1 text-xs text-accent-text hover:underline"
            title={t`${hash} on the ${chain} explorer`}
          >
            <span className="truncate font-mono">{w.tx_hash}</span>
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        ) : (
          <span dir="ltr" className="max-w-48 truncate font-mono text-xs text-muted" title={w.tx_hash}>
            {w.tx_hash}
          </span>
        ))}
      {state === 'rejected' && w.reason && <span className="max-w-56 text-xs text-muted">{w.reason}</span>}
    </div>
  );
}
