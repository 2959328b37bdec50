import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '..';
import { formatAmount } from '../format';

/**
 * The server's success answers a member can meet (a purchase, a transfer, a withdrawal request, a
 * linked wallet...), in the member's words (issue 38). The API keeps the English `message` (the
 * spec's clients read it) and these answers carry no code, so the web app knows them by their
 * English (apps/server/src/modules/.../routes.ts and service.ts), in the `errors` area loaded after
 * the first paint. An answer not listed here shows as the server wrote it.
 */
const SERVER_TEXTS: Record<string, MessageDescriptor> = {
  // the spec's success dialog (contracts/messages.ts SPEC_TEXT)
  Successfull: msg`Successfull`,
  'Go back': msg`Go back`,
  'Plan purchased': msg`Plan purchased`,
  'Plan topped up': msg`Plan topped up`,
  'Member activated': msg`Member activated`,
  'Moved to your fund wallet': msg`Moved to your fund wallet`,
  'Transfer sent': msg`Transfer sent`,
  'Withdrawal request cancelled': msg`Withdrawal request cancelled`,
  'Withdrawal requested; it will be paid once approved': msg`Withdrawal requested; it will be paid once approved`,
  'Deposit credited': msg`Deposit credited`,
  'Wallet linked to your account': msg`Wallet linked to your account`,
  'Wallet unlinked': msg`Wallet unlinked`,
};

/** "1,234.50 USDT" as the server writes it, in the language's separators. */
const amountOf = (usdt = '') => `${formatAmount(usdt.replaceAll(',', ''))} USDT`;

/** The answers that name values: their pattern, and the message with the values in place. */
const WITH_VALUES: Array<[RegExp, (m: RegExpExecArray) => MessageDescriptor]> = [
  [
    /^Code redeemed: ([\d,.]+) USDT added to your fund wallet$/,
    (m) => {
      const amount = amountOf(m[1]);
      return msg`Code redeemed: ${amount} added to your fund wallet`;
    },
  ],
  [
    /^Deposit credited: ([\d,.]+) USDT is in your fund wallet$/,
    (m) => {
      const amount = amountOf(m[1]);
      return msg`Deposit credited: ${amount} is in your fund wallet`;
    },
  ],
  [
    /^Waiting for confirmations \((\d+) of (\d+)\)$/,
    (m) => {
      const [, seen = '', needed = ''] = m;
      return msg`Waiting for confirmations (${seen} of ${needed})`;
    },
  ],
];

/**
 * A server's success answer in the active language; the English as it came when unknown, in
 * English, or before the `errors` area has arrived (never a message id).
 */
export function serverText(message: string): string {
  let descriptor: MessageDescriptor | undefined = Object.hasOwn(SERVER_TEXTS, message)
    ? SERVER_TEXTS[message]
    : undefined;
  for (const [pattern, say] of WITH_VALUES) {
    if (descriptor) break;
    const found = pattern.exec(message);
    if (found) descriptor = say(found);
  }
  if (!descriptor || i18n.locale === 'en' || !(descriptor.id in i18n.messages)) return message;
  return i18n._(descriptor);
}
