/**
 * What a member is told of their own money (issue 14: "Notifications for deposits, incomes,
 * withdrawals"), written with the event in its transaction through `notifyMembers`.
 */
import { INCOME_KIND_LABEL } from '@app/contracts/incomes';
import { formatUsdt } from '@app/contracts/money';
import { CANCELLED_REASON, WITHDRAWAL_STATE_WORDS } from '@app/contracts/withdrawal-words';
import type { IncomeRecord } from '../../compensation/incomes/income.js';
import type { MemberEvent } from './repo.js';

export { notifyMembers } from './repo.js';

const WALLET_WORDS = { profit: 'profit', roi: 'ROI', principal: 'principal', compound: 'compound' } as const;

/** A deposit credited to the member's fund wallet, whichever the channel. */
export function depositCredited(key: string, userId: number, amount: bigint): MemberEvent {
  return {
    key,
    userId,
    amount,
    title: 'Deposit received',
    message: `${formatUsdt(amount)} was added to your fund wallet.`,
  };
}

/** Money another member sent to the member's fund wallet (issue 29.6). */
export function transferReceived(t: {
  id: string;
  toUserId: number;
  amount: bigint;
  fromUsername: string;
}): MemberEvent {
  return {
    key: `transfer:${t.id}:received`,
    userId: t.toUserId,
    amount: t.amount,
    title: 'Transfer received',
    message: `${t.fromUsername} sent you ${formatUsdt(t.amount)}: it is in your fund wallet.`,
  };
}

/** A withdrawal the member asked for, held until an admin decides (issue 29.6). */
export function withdrawalRequested(w: {
  id: number;
  userId: number;
  kind: keyof typeof WALLET_WORDS;
  amount: bigint;
  net: bigint;
}): MemberEvent {
  const wallet = WALLET_WORDS[w.kind];
  return {
    key: `withdrawal:${w.id}:requested`,
    userId: w.userId,
    amount: w.amount,
    title: `Withdrawal ${WITHDRAWAL_STATE_WORDS.requested.text.toLowerCase()}`,
    message: `Your ${wallet} withdrawal of ${formatUsdt(w.amount)} is waiting for approval; ${formatUsdt(w.net)} will be sent to your address after the fee. The amount is held from your ${wallet} wallet until then.`,
  };
}

/** Support answered one of the member's tickets (issue 29.6: the home page promises replies). */
export function supportReplied(t: {
  ticketId: number;
  responseId: number;
  userId: number;
  subject: string;
}): MemberEvent {
  return {
    key: `ticket:${t.ticketId}:response:${t.responseId}`,
    userId: t.userId,
    title: 'Support replied',
    message: `Support answered your ticket #${t.ticketId} "${t.subject}". Open Support to read the reply.`,
  };
}

/**
 * A withdrawal request approved, which is paid (an approval always names the payout transaction),
 * or rejected (the amount is back in the wallet): titled in the words the withdrawal lists show
 * (contracts/withdrawal-words.ts, issue 37.18).
 */
export function withdrawalDecided(
  w: { id: bigint; user_id: bigint; kind: keyof typeof WALLET_WORDS; amount: bigint; net: bigint },
  status: 'approved' | 'rejected',
  reason: string | null,
): MemberEvent {
  const wallet = WALLET_WORDS[w.kind];
  return status === 'approved'
    ? {
        key: `withdrawal:${w.id}:approved`,
        userId: Number(w.user_id),
        amount: w.net,
        title: `Withdrawal ${WITHDRAWAL_STATE_WORDS.paid.text.toLowerCase()}`,
        message: `Your ${wallet} withdrawal of ${formatUsdt(w.amount)} is paid: ${formatUsdt(w.net)} was sent to your address.`,
      }
    : {
        key: `withdrawal:${w.id}:rejected`,
        userId: Number(w.user_id),
        amount: w.amount,
        title: `Withdrawal ${WITHDRAWAL_STATE_WORDS[reason === CANCELLED_REASON ? 'cancelled' : 'rejected'].text.toLowerCase()}`,
        message: `Your ${wallet} withdrawal of ${formatUsdt(w.amount)} was ${reason === 'cancelled' ? 'cancelled' : 'rejected'}; the amount is back in your ${wallet} wallet.${reason && reason !== 'cancelled' ? ` Reason: ${reason}` : ''}`,
      };
}

/**
 * A label inside a sentence: its first letter lowered unless its first word is an acronym, so
 * "Referral income" reads "referral income" but "ROI income" and "CTO share" stay (lowering the
 * whole label printed "roi income", issue 37.13).
 */
export const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;

/** An income paid to the member (one per member, kind and cause, as the income itself). */
export function incomePaid(r: IncomeRecord): MemberEvent {
  const label = INCOME_KIND_LABEL[r.kind];
  const cut = r.cut > 0n ? ` (${formatUsdt(r.cut)} more was over your earning limit)` : '';
  return {
    key: `income:${r.userId}:${r.kind}:${r.refType}:${r.refId}`,
    userId: r.userId,
    amount: r.paid,
    title: `${label} paid`,
    message: `${formatUsdt(r.paid)} of ${inSentence(label)} was credited to you${cut}.`,
  };
}
