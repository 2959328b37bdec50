/**
 * The one vocabulary of a withdrawal's state (issue 37.18), read by the member's and the admins'
 * lists and dialogs, the member's notifications and the decision e-mail, so that a request is
 * never "Approved" on one screen and "paid" in the message about it. The API keeps the spec's
 * statuses (pending, approved, rejected); these are the words people read for them.
 *
 * An approval always names the payout transaction (a hash pasted by an admin, or the hot wallet's
 * confirmed payout), so "approved" is said "Paid". A pending request whose on-chain payout is
 * signed or sent is "Being paid"; a rejection the member asked for (reason `cancelled`) is
 * "Cancelled".
 */
import type { PayoutStatus } from './payouts.js';

export const WITHDRAWAL_STATE = ['requested', 'being_paid', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATE)[number];

export const WITHDRAWAL_STATE_WORDS: Record<
  WithdrawalState,
  { text: string; tone: 'amber' | 'accent' | 'green' | 'red' | 'neutral'; hint: string }
> = {
  requested: {
    text: 'Requested',
    tone: 'amber',
    hint: 'Waiting for an admin to approve it; the amount is held from the wallet.',
  },
  being_paid: {
    text: 'Being paid',
    tone: 'accent',
    hint: 'Approved and sent on chain; waiting for the network to confirm it.',
  },
  paid: { text: 'Paid', tone: 'green', hint: 'Approved and sent to the payout address.' },
  rejected: { text: 'Rejected', tone: 'red', hint: 'Not paid; the full amount went back to the wallet.' },
  cancelled: {
    text: 'Cancelled',
    tone: 'neutral',
    hint: 'Cancelled by the member; the full amount went back to the wallet.',
  },
};

/** The reason the server records when a member cancels their own request. */
export const CANCELLED_REASON = 'cancelled';

/** Where a withdrawal stands, in the words above, from its spec status and its payout. */
export function withdrawalState(w: {
  status: 'pending' | 'approved' | 'rejected';
  reason?: string | null;
  payout?: { status: PayoutStatus } | null;
}): WithdrawalState {
  if (w.status === 'approved') return 'paid';
  if (w.status === 'rejected') return w.reason === CANCELLED_REASON ? 'cancelled' : 'rejected';
  return w.payout && (w.payout.status === 'signed' || w.payout.status === 'sent')
    ? 'being_paid'
    : 'requested';
}

/**
 * The words of a status filter (it filters by the spec's status): "Requested" also lists those
 * being paid, "Rejected" also those cancelled (a cancellation is stored as a rejection).
 */
export const WITHDRAWAL_FILTER_WORDS: Record<'pending' | 'approved' | 'rejected', string> = {
  pending: 'Requested',
  approved: 'Paid',
  rejected: 'Rejected',
};
