/**
 * What a member is told of their own money (issue 14: "Notifications for deposits, incomes,
 * withdrawals"), written with the event in its transaction through `notifyMembers`.
 */
import { CANCELLED_REASON } from '@app/contracts/withdrawal-words';
import { type Text, t } from '../../../i18n/index.js';
import type { IncomeRecord } from '../../compensation/incomes/income.js';
import type { MemberEvent } from './repo.js';

export { notifyMembers } from './repo.js';

type WalletKind = 'profit' | 'roi' | 'principal' | 'compound';
const wallet = (kind: WalletKind) => ({ msg: `word.wallet.${kind}` as const });

/**
 * An event whose words come from the catalogs (i18n/locales, issue 38): English here, and in the
 * member's language when notifyMembers writes it for a member who chose another. The words are the
 * ones the withdrawal lists show (contracts/withdrawal-words.ts), in every language.
 */
function event(e: { key: string; userId: number; amount?: bigint }, title: Text, message: Text): MemberEvent {
  return { ...e, title: t('en', title), message: t('en', message), text: { title, message } };
}

/** A deposit credited to the member's fund wallet, whichever the channel. */
export function depositCredited(key: string, userId: number, amount: bigint): MemberEvent {
  return event(
    { key, userId, amount },
    { id: 'notify.deposit.title' },
    { id: 'notify.deposit.message', values: { amount: { usdt: amount } } },
  );
}

/** Money another member sent to the member's fund wallet (issue 29.6). */
export function transferReceived(t: {
  id: string;
  toUserId: number;
  amount: bigint;
  fromUsername: string;
}): MemberEvent {
  return event(
    { key: `transfer:${t.id}:received`, userId: t.toUserId, amount: t.amount },
    { id: 'notify.transfer.title' },
    { id: 'notify.transfer.message', values: { from: t.fromUsername, amount: { usdt: t.amount } } },
  );
}

/** A withdrawal the member asked for, held until an admin decides (issue 29.6). */
export function withdrawalRequested(w: {
  id: number;
  userId: number;
  kind: WalletKind;
  amount: bigint;
  net: bigint;
}): MemberEvent {
  return event(
    { key: `withdrawal:${w.id}:requested`, userId: w.userId, amount: w.amount },
    { id: 'notify.withdrawalRequested.title' },
    {
      id: 'notify.withdrawalRequested.message',
      values: { wallet: wallet(w.kind), amount: { usdt: w.amount }, net: { usdt: w.net } },
    },
  );
}

/** Support answered one of the member's tickets (issue 29.6: the home page promises replies). */
export function supportReplied(t: {
  ticketId: number;
  responseId: number;
  userId: number;
  subject: string;
}): MemberEvent {
  return event(
    { key: `ticket:${t.ticketId}:response:${t.responseId}`, userId: t.userId },
    { id: 'notify.supportReplied.title' },
    { id: 'notify.supportReplied.message', values: { id: String(t.ticketId), subject: t.subject } },
  );
}

/**
 * A withdrawal request approved, which is paid (an approval always names the payout transaction),
 * or rejected (the amount is back in the wallet): titled in the words the withdrawal lists show
 * (contracts/withdrawal-words.ts, issue 37.18).
 */
export function withdrawalDecided(
  w: { id: bigint; user_id: bigint; kind: WalletKind; amount: bigint; net: bigint },
  status: 'approved' | 'rejected',
  reason: string | null,
): MemberEvent {
  const values = { wallet: wallet(w.kind), amount: { usdt: w.amount } };
  const userId = Number(w.user_id);
  if (status === 'approved') {
    return event(
      { key: `withdrawal:${w.id}:approved`, userId, amount: w.net },
      { id: 'notify.withdrawalPaid.title' },
      { id: 'notify.withdrawalPaid.message', values: { ...values, net: { usdt: w.net } } },
    );
  }
  const key = `withdrawal:${w.id}:rejected`;
  if (reason === CANCELLED_REASON) {
    return event(
      { key, userId, amount: w.amount },
      { id: 'notify.withdrawalCancelled.title' },
      { id: 'notify.withdrawalCancelled.message', values },
    );
  }
  return event(
    { key, userId, amount: w.amount },
    { id: 'notify.withdrawalRejected.title' },
    {
      id: 'notify.withdrawalRejected.message',
      values: { ...values, reason: reason ?? '', hasReason: reason ? 'yes' : 'no' },
    },
  );
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
  return event(
    { key: `income:${r.userId}:${r.kind}:${r.refType}:${r.refId}`, userId: r.userId, amount: r.paid },
    { id: 'notify.income.title', values: { label: { msg: `word.income.${r.kind}` } } },
    {
      id: 'notify.income.message',
      values: {
        amount: { usdt: r.paid },
        label: { msg: `word.incomeInSentence.${r.kind}` },
        cut: r.cut > 0n ? { usdt: r.cut } : 'none',
      },
    },
  );
}

/** An owner read the code or link of a mail to the member (no mail server yet; issue 36). */
export function secretRevealed(r: { key: string; userId: number; subject: string; at: Date }): MemberEvent {
  return event(
    { key: r.key, userId: r.userId },
    { id: 'notify.secretRevealed.title' },
    { id: 'notify.secretRevealed.message', values: { at: { date: r.at }, subject: r.subject } },
  );
}
