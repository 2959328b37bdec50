import { ACCOUNT_MSG } from '@app/contracts/account-messages';
import { ACHIEVER_MSG } from '@app/contracts/achievers';
import { BONUS_MSG } from '@app/contracts/bonuses';
import { MAIL_TEXT } from '@app/contracts/mail-log';
import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { AMOUNT_MSG } from '@app/contracts/money';
import { NEWS_MSG } from '@app/contracts/news';
import { NOTIFY_PREFS_MSG } from '@app/contracts/notification-prefs';
import { NOTIFICATION_MSG } from '@app/contracts/notifications';
import { PASSWORD_MSG } from '@app/contracts/password-rules';
import { PAYMENT } from '@app/contracts/payments';
import { PHONE_MSG } from '@app/contracts/phone';
import { QR_MSG } from '@app/contracts/qr-links';
import { ROI_MSG } from '@app/contracts/roi';
import { SUPPORT_MSG } from '@app/contracts/support';
import { TEAM_MSG } from '@app/contracts/team-messages';
import { TICKET_MSG } from '@app/contracts/tickets';
import { SELF_TRANSFER_MESSAGE } from '@app/contracts/transfer-messages';
import { TRANSLATION_MSG } from '@app/contracts/translations';
import { WALLET_MSG } from '@app/contracts/web3';

/**
 * The stable machine-readable `code` beside every error's English `message` (issue 38): the web app
 * shows the member's language from it, and clients can branch on it without matching English.
 *
 * - A message from a contracts message table answers `<table>.<key>` (e.g. `msg.emailTaken` for
 *   MSG.emailTaken, `team.lastOwner`): the key is the name the code already has in the source, so
 *   renaming a key is the only way to change a code, and a reworded English text keeps its code.
 * - Validation answers `validation.<field path>` (`validation.locale`, `validation.items.0.amount`),
 *   or `validation` when no field is named; database refusals of input answer `data.<what>`.
 * - Anything else answers one code per status (`http.<name>` below).
 */
const TABLES: Record<string, Readonly<Record<string, unknown>>> = {
  // MSG first: where two tables share a text (MSG re-exports the session texts), MSG's key wins
  msg: MSG,
  spec: SPEC_TEXT,
  account: ACCOUNT_MSG,
  team: TEAM_MSG,
  achiever: ACHIEVER_MSG,
  bonus: BONUS_MSG,
  amount: AMOUNT_MSG,
  news: NEWS_MSG,
  notifyPrefs: NOTIFY_PREFS_MSG,
  notification: NOTIFICATION_MSG,
  password: PASSWORD_MSG,
  payment: PAYMENT,
  phone: PHONE_MSG,
  qr: QR_MSG,
  roi: ROI_MSG,
  support: SUPPORT_MSG,
  ticket: TICKET_MSG,
  mail: MAIL_TEXT,
  translation: TRANSLATION_MSG,
  wallet: WALLET_MSG,
  transfer: { self: SELF_TRANSFER_MESSAGE },
};

/** English text -> code, built once at load. */
const BY_TEXT: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [table, entries] of Object.entries(TABLES)) {
    for (const [key, text] of Object.entries(entries)) {
      if (typeof text === 'string' && !map.has(text)) map.set(text, `${table}.${key}`);
    }
  }
  return map;
})();

/** The code of a status when no more specific one applies. */
const BY_STATUS: Record<number, string> = {
  400: 'http.bad_request',
  401: 'http.unauthorized',
  403: 'http.forbidden',
  404: 'http.not_found',
  409: 'http.conflict',
  413: 'http.payload_too_large',
  415: 'http.unsupported_media_type',
  422: 'http.unprocessable',
  429: 'http.too_many_requests',
  500: 'http.internal',
  502: 'http.bad_gateway',
  503: 'http.service_unavailable',
  504: 'http.gateway_timeout',
};

export function statusCode(status: number): string {
  return BY_STATUS[status] ?? (status >= 500 ? 'http.internal' : 'http.bad_request');
}

/** The code for an error message the services threw: its table key when it has one. */
export function messageCode(message: string, status: number): string {
  return BY_TEXT.get(message) ?? statusCode(status);
}

/** The code of a validation failure at `path` (dotted, as the message names it). */
export function validationCode(path: string | undefined): string {
  return path ? `validation.${path}` : 'validation';
}
