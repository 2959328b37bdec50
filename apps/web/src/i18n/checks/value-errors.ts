import { msg } from '@lingui/core/macro';

/**
 * The refusals whose English names values (the server answers `code` and `params` beside the
 * message, apps/server/src/errors.ts withValues): their catalog entries, found by the id
 * `error.<code>` as every error's (offered.ts errorText). Nothing reads this list at run time: the
 * extractor does.
 */
export const VALUE_ERRORS = [
  msg({
    id: 'error.funds.insufficient',
    message:
      '{wallet, select, fund {Insufficient balance in your fund wallet} earnings {Insufficient balance in your earnings wallet} roi {Insufficient balance in your ROI wallet} other {Insufficient balance in this wallet}}',
  }),
  msg({
    id: 'error.withdrawal.addressMissing',
    message: 'Add your {network} address in your profile before withdrawing',
  }),
  msg({
    id: 'error.withdrawal.addressInvalid',
    message: 'Correct the {network} address in your profile: it is not a valid address for that network',
  }),
  msg({ id: 'error.withdrawal.minimum', message: 'The minimum withdrawal is {amount}' }),
  msg({
    id: 'error.withdrawal.notCancellable',
    message: 'This request is no longer waiting and cannot be cancelled',
  }),
  msg({ id: 'error.wallet.tooMany', message: 'You can link at most {max} wallets; remove one first' }),
  msg({ id: 'error.payment.minimum', message: 'The amount must be at least {amount} USDT' }),
];
