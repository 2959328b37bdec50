import { formatUsdt } from '@app/contracts/money';
import { WITHDRAWAL_STATE_WORDS } from '@app/contracts/withdrawal-words';
import { payoutExplorerUrl } from '@app/contracts/withdrawals';

/** The e-mails the product sends. Plain text: every client shows it, nothing to escape. */
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

export function otpMail(to: string, name: string, code: string, minutes: number): Mail {
  return {
    to,
    template: 'otp',
    subject: `Your verification code: ${code}`,
    text: `Hello ${name},\n\nYour email verification code is ${code}.\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this message.\n`,
    secret: { values: [code], minutes },
  };
}

/** `link` is `<PUBLIC_URL>/reset-password?token=<token>`: the token is the secret. */
export function resetMail(to: string, name: string, link: string, minutes: number): Mail {
  return {
    to,
    template: 'password_reset',
    subject: 'Reset your password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your account. To choose a new one, open:\n${link}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, ignore this message: your password stays as it is.\n`,
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
): Mail {
  const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    template: 'secret_revealed',
    subject: 'Staff read the code or link of a mail to you',
    text: `Hello,\n\nOn ${when(what.revealedAt)} an owner of the platform read the code or link in the mail "${what.subject}" sent to this address on ${when(what.sentAt)} (the platform has no mail server yet, so mail is not delivered).\n\nIf you did not ask support for it, change your password and tell support.\n`,
  };
}

export function ticketAnsweredMail(
  to: string,
  name: string,
  ticket: { id: number; subject: string },
  reply: string,
  link: string,
): Mail {
  const excerpt = reply.length > 600 ? `${reply.slice(0, 600)}…` : reply;
  return {
    to,
    template: 'ticket_answered',
    subject: `Your query #${ticket.id} has been answered`,
    text: `Hello ${name},\n\nSupport has replied to your query #${ticket.id} "${ticket.subject}":\n\n${excerpt}\n\nRead the conversation and reply at:\n${link}\n`,
  };
}

const WITHDRAWAL_KIND_TEXT = {
  profit: 'profit',
  roi: 'ROI',
  principal: 'principal',
  compound: 'compound',
} as const;

const WALLET_TEXT = {
  profit: 'earnings',
  roi: 'ROI',
  principal: 'principal',
  compound: 'compound',
} as const;

/** An exact USDT amount: two decimals unless the amount has more. */
const usdtText = (micro: bigint) => formatUsdt(micro, micro % 10_000n === 0n ? 2 : 6);

/** Sent to the member when an admin approves (with the payout hash) or rejects their withdrawal request. */
export function withdrawalDecidedMail(
  to: string,
  name: string,
  w: {
    id: number;
    kind: keyof typeof WITHDRAWAL_KIND_TEXT;
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
): Mail {
  const what = `${WITHDRAWAL_KIND_TEXT[w.kind]} withdrawal #${w.id}`;
  const more = link ? `\nYour withdrawals: ${link}\n` : '';
  // the payout on the network's block explorer (a hash of another form, from before they were checked: none)
  const explorer = w.tx_hash ? payoutExplorerUrl(w.network, w.tx_hash) : null;
  const chainName = w.network === 'BEP20' ? 'BNB Smart Chain' : 'TRON';
  const lookUp = explorer
    ? `See it on the ${chainName} explorer: ${explorer}`
    : `You can look the transaction up on a ${chainName} explorer with this hash.`;
  if (w.status === 'approved') {
    return {
      to,
      template: 'withdrawal_decided',
      // "paid", as the withdrawal lists and the notification say it (contracts/withdrawal-words.ts)
      subject: `Your withdrawal #${w.id} is ${WITHDRAWAL_STATE_WORDS.paid.text.toLowerCase()}`,
      text:
        `Hello ${name},\n\nYour ${what} of ${usdtText(w.amount)} has been approved and paid.\n\n` +
        `Amount: ${usdtText(w.amount)}\nFee: ${usdtText(w.fee)}\nSent: ${usdtText(w.net)}\n` +
        `To: ${w.address} (${w.network})\nTransaction hash: ${w.tx_hash ?? '-'}\n` +
        `\n${lookUp}\n${more}`,
    };
  }
  return {
    to,
    template: 'withdrawal_decided',
    subject: `Your withdrawal #${w.id} is ${WITHDRAWAL_STATE_WORDS.rejected.text.toLowerCase()}`,
    text:
      `Hello ${name},\n\nYour ${what} of ${usdtText(w.amount)} has been rejected.\n\n` +
      `Reason: ${w.reason?.trim() || 'No reason was given.'}\n\n` +
      `Nothing was paid out: the full ${usdtText(w.amount)} is back in your ${WALLET_TEXT[w.kind]} wallet.\n${more}`,
  };
}
