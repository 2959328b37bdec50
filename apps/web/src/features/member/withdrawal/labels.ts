import type { WithdrawalKind } from '@app/contracts/withdrawals';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
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
    return { WALLET_LABEL, WITHDRAWAL_KIND_LABEL, FILTER_WORDS };
  }, [t]);
}
