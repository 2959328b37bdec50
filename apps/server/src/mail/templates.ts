import { payoutExplorerUrl } from '@app/contracts/withdrawals';
import { localeOrDefault, t } from '../i18n/index.js';

/**
 * The e-mails the product sends. Plain text: every client shows it, nothing to escape. A member's
 * mail is written in their language (users.locale, English when they never chose one) from the
 * server's catalogs (i18n/locales); the back-office's mails stay English.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  template: string;
  /**
   * The one-time secrets written in `subject` and `text` (a code, a link's token) and how long they
   * work: the outbox stores the mail with them masked (mail/secrets.ts). A template that writes a
   * code or a sign-in, reset, invitation or confirmation link must name it here.
   */
  secret?: { values: string[]; minutes: number };
}

/** The token of a one-time link this template built the shape of; a link of another shape is a bug. */
export function tokenOf(link: string, shape: RegExp): string {
  const token = shape.exec(link)?.[1];
  if (!token) throw new Error(`mail: ${link.replace(/[A-Za-z0-9_-]{20,}/g, '…')} is not a link of ${shape}`);
  return token;
}

/** `locale`: the member's (users.locale); null or unknown is English. */
export function otpMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  locale: string | null = null,
): Mail {
  const lang = localeOrDefault(locale);
  return {
    to,
    template: 'otp',
    subject: t(lang, { id: 'mail.otp.subject', values: { code } }),
    text: t(lang, { id: 'mail.otp.text', values: { name, code, minutes } }),
    secret: { values: [code], minutes },
  };
}

/** `link` is `<PUBLIC_URL>/reset-password?token=<token>`: the token is the secret. */
export function resetMail(
  to: string,
  name: string,
  link: string,
  minutes: number,
  locale: string | null = null,
): Mail {
  const lang = localeOrDefault(locale);
  return {
    to,
    template: 'password_reset',
    subject: t(lang, { id: 'mail.reset.subject' }),
    text: t(lang, { id: 'mail.reset.text', values: { name, link, minutes } }),
    secret: { values: [tokenOf(link, /\/reset-password\?token=([A-Za-z0-9_-]+)$/)], minutes },
  };
}

export function adminInvitationMail(
  to: string,
  invite: { name: string; invitedBy: string; roles: string; link: string; hours: number },
): Mail {
  return {
    to,
    template: 'admin_invitation',
    subject: 'You are invited to the back-office',
    text: `Hello ${invite.name},\n\n${invite.invitedBy} invited you to run the platform's back-office as: ${invite.roles}.\nTo choose your password and sign in, open:\n${invite.link}\n\nThe link works once and expires in ${invite.hours} hours. If you did not expect it, ignore this message.\n`,
    // `link` is `<PUBLIC_URL>/admin-invitation/<token>`
    secret: {
      values: [tokenOf(invite.link, /\/admin-invitation\/([A-Za-z0-9_-]+)$/)],
      minutes: invite.hours * 60,
    },
  };
}

/**
 * Sent when an owner revealed the code or link of a mail to the member (no mail server yet): the
 * member learns that staff saw it, which one and when, and what to do if they did not ask.
 */
export function secretRevealedMail(
  to: string,
  what: { subject: string; sentAt: Date; revealedAt: Date },
  locale: string | null = null,
): Mail {
  const lang = localeOrDefault(locale);
  const values = {
    subject: what.subject,
    sentAt: { date: what.sentAt },
    revealedAt: { date: what.revealedAt },
  };
  return {
    to,
    template: 'secret_revealed',
    subject: t(lang, { id: 'mail.secretRevealed.subject' }),
    text: t(lang, { id: 'mail.secretRevealed.text', values }),
  };
}

export function ticketAnsweredMail(
  to: string,
  name: string,
  ticket: { id: number; subject: string },
  reply: string,
  link: string,
  locale: string | null = null,
): Mail {
  const lang = localeOrDefault(locale);
  const excerpt = reply.length > 600 ? `${reply.slice(0, 600)}…` : reply;
  const values = { name, id: String(ticket.id), subject: ticket.subject, excerpt, link };
  return {
    to,
    template: 'ticket_answered',
    subject: t(lang, { id: 'mail.ticket.subject', values }),
    text: t(lang, { id: 'mail.ticket.text', values }),
  };
}

type WithdrawalKind = 'profit' | 'roi' | 'principal' | 'compound';

/** Sent to the member when an admin approves (with the payout hash) or rejects their withdrawal request. */
export function withdrawalDecidedMail(
  to: string,
  name: string,
  w: {
    id: number;
    kind: WithdrawalKind;
    amount: bigint;
    fee: bigint;
    net: bigint;
    network: 'BEP20' | 'TRC20';
    address: string;
    status: 'approved' | 'rejected';
    tx_hash: string | null;
    reason: string | null;
  },
  link: string | null,
  locale: string | null = null,
): Mail {
  const lang = localeOrDefault(locale);
  // "paid", as the withdrawal lists and the notification say it (contracts/withdrawal-words.ts)
  const amount = { usdt: w.amount, exact: true };
  const values = {
    name,
    id: String(w.id),
    kind: { msg: `word.withdrawalKind.${w.kind}` as const },
    amount,
  };
  const more = link ? `\n${t(lang, { id: 'mail.withdrawal.list', values: { link } })}\n` : '';
  // the payout on the network's block explorer (a hash of another form, from before they were checked: none)
  const explorer = w.tx_hash ? payoutExplorerUrl(w.network, w.tx_hash) : null;
  const chain = w.network === 'BEP20' ? 'BNB Smart Chain' : 'TRON';
  const lookUp = explorer
    ? t(lang, { id: 'mail.withdrawal.explorer', values: { chain, url: explorer } })
    : t(lang, { id: 'mail.withdrawal.noExplorer', values: { chain } });
  if (w.status === 'approved') {
    const paid = {
      ...values,
      fee: { usdt: w.fee, exact: true },
      net: { usdt: w.net, exact: true },
      address: w.address,
      network: w.network,
      hash: w.tx_hash ?? '-',
    };
    return {
      to,
      template: 'withdrawal_decided',
      subject: t(lang, { id: 'mail.withdrawal.paid.subject', values }),
      text: `${t(lang, { id: 'mail.withdrawal.paid.text', values: paid })}\n${lookUp}\n${more}`,
    };
  }
  const reason = w.reason?.trim() || t(lang, { id: 'mail.withdrawal.noReason' });
  const wallet = { msg: `word.mailWallet.${w.kind}` as const };
  return {
    to,
    template: 'withdrawal_decided',
    subject: t(lang, { id: 'mail.withdrawal.rejected.subject', values }),
    text: `${t(lang, { id: 'mail.withdrawal.rejected.text', values: { ...values, reason, wallet } })}${more}`,
  };
}
