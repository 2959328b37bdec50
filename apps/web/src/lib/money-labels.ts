import type { DEPOSIT_STATUS, DepositChannel, DepositHistoryStatus } from '@app/contracts/deposits';
import type { TOPUP_KINDS } from '@app/contracts/topups';
import type { ADJUSTABLE_WALLETS, WITHDRAWAL_STATUS, WithdrawalKind } from '@app/contracts/withdrawals';
import type { Tone } from '../components/ui/Badge';

/** Human words and status colours for the money enums, shared by member and admin screens. */

type Label = { text: string; tone: Tone };

export const DECISION_LABEL: Record<
  (typeof DEPOSIT_STATUS)[number] | (typeof WITHDRAWAL_STATUS)[number],
  Label
> = {
  pending: { text: 'Pending', tone: 'amber' },
  approved: { text: 'Approved', tone: 'green' },
  rejected: { text: 'Rejected', tone: 'red' },
};

export const TOPUP_STATUS_LABEL: Record<'done' | 'reversed', Label> = {
  done: { text: 'Done', tone: 'green' },
  reversed: { text: 'Reversed', tone: 'red' },
};

export const TOPUP_KIND_LABEL: Record<(typeof TOPUP_KINDS)[number], string> = {
  purchase: 'Plan purchase',
  retopup: 'Re-top-up',
  activation: 'Activation fee',
};

export type Wallet = (typeof ADJUSTABLE_WALLETS)[number];

export const WALLET_LABEL: Record<Wallet, string> = {
  fund: 'Fund wallet',
  earnings: 'Earnings wallet',
  roi: 'ROI wallet',
  principal: 'Principal',
  compound: 'Compound',
};

export const WITHDRAWAL_KIND_LABEL: Record<WithdrawalKind, { text: string; from: string }> = {
  profit: { text: 'Profit', from: 'your earnings wallet (working income)' },
  roi: { text: 'ROI', from: 'your ROI wallet (daily ROI you claimed)' },
  principal: { text: 'Principal', from: 'your plan principal; it leaves your active plan' },
  compound: { text: 'Compound', from: 'your compounded ROI; it leaves your active plan' },
};

/** How money came in, in the member's words (the deposit history's Channel column). */
export const DEPOSIT_CHANNEL_LABEL: Record<DepositChannel, string> = {
  admin: 'Recorded by an admin',
  crypto: 'Crypto payment',
  wallet: 'Wallet deposit',
  code: 'Activation code',
};

export const DEPOSIT_HISTORY_LABEL: Record<DepositHistoryStatus, Label> = {
  pending: { text: 'Pending', tone: 'amber' },
  credited: { text: 'Credited', tone: 'green' },
  review: { text: 'Under review', tone: 'blue' },
  rejected: { text: 'Rejected', tone: 'red' },
  failed: { text: 'Failed', tone: 'red' },
  expired: { text: 'Expired', tone: 'neutral' },
  refunded: { text: 'Refunded', tone: 'neutral' },
};
