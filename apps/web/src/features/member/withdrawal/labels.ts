import type { WithdrawalKind } from '@app/contracts/withdrawals';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { WithdrawalStatusWords } from '../../../components/money/WithdrawalStatus';
import type { Wallet } from '../../../lib/money-labels';

/**
 * lib/money-labels.ts's withdrawal words in the member's language. That file stays English: the
 * back-office reads it and ships English (lingui.config.ts), and src/lib is in no catalog.
 */
export function useWithdrawalLabels() {
  const { t } = useLingui();
  // one object per language
  return useMemo(() => {
    const WALLET_LABEL: Record<Wallet, string> = {
      fund: t`Fund wallet`,
      earnings: t`Earnings wallet`,
      roi: t`ROI wallet`,
      principal: t`Principal`,
      compound: t`Compound`,
    };
    const WITHDRAWAL_KIND_LABEL: Record<WithdrawalKind, { text: string; from: string }> = {
      profit: { text: t`Profit`, from: t`your earnings wallet (working income)` },
      roi: { text: t`ROI`, from: t`your ROI wallet (daily ROI you claimed)` },
      principal: { text: t`Principal`, from: t`your plan principal; it leaves your active plan` },
      compound: { text: t`Compound`, from: t`your compounded ROI; it leaves your active plan` },
    };
    // the spec's filter words (contracts/withdrawal-words.ts), as the status badges say them
    const FILTER_WORDS: Record<'pending' | 'approved' | 'rejected', string> = {
      pending: t({ message: 'Requested', context: 'withdrawal' }),
      approved: t({ message: 'Paid', context: 'withdrawal' }),
      rejected: t({ message: 'Rejected', context: 'withdrawal' }),
    };
    // contracts/withdrawal-words.ts's states, as the notification and the e-mail say them
    const STATUS_WORDS: WithdrawalStatusWords = {
      states: {
        requested: {
          text: FILTER_WORDS.pending,
          hint: t`Waiting for an admin to approve it; the amount is held from the wallet.`,
        },
        being_paid: {
          text: t({ message: 'Being paid', context: 'withdrawal' }),
          hint: t`Approved and sent on chain; waiting for the network to confirm it.`,
        },
        paid: { text: FILTER_WORDS.approved, hint: t`Approved and sent to the payout address.` },
        rejected: {
          text: FILTER_WORDS.rejected,
          hint: t`Not paid; the full amount went back to the wallet.`,
        },
        cancelled: {
          text: t({ message: 'Cancelled', context: 'withdrawal' }),
          hint: t`Cancelled by the member; the full amount went back to the wallet.`,
        },
      },
      explorer: (hash, chain) => t`${hash} on the ${chain} explorer`,
    };
    return { WALLET_LABEL, WITHDRAWAL_KIND_LABEL, FILTER_WORDS, STATUS_WORDS };
  }, [t]);
}
