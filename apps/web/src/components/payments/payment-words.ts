import type { PaymentStatus } from '@app/contracts/payments';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * The provider payment's words in the member's language (issue 38). The contracts keep the spec's
 * English (PAYMENT_STATUS_HINTS, PAYMENT): it is each message's source here, byte for byte, and the
 * back-office's filters keep reading it.
 */

/** The status badge's words (statusLabel's "Partially paid" style). */
export const PAYMENT_STATUS_WORDS: Record<PaymentStatus, MessageDescriptor> = {
  waiting: msg({ message: 'Waiting', context: 'payment status' }),
  confirming: msg({ message: 'Confirming', context: 'payment status' }),
  confirmed: msg({ message: 'Confirmed', context: 'payment status' }),
  sending: msg({ message: 'Sending', context: 'payment status' }),
  partially_paid: msg({ message: 'Partially paid', context: 'payment status' }),
  finished: msg({ message: 'Finished', context: 'payment status' }),
  failed: msg({ message: 'Failed', context: 'payment status' }),
  refunded: msg({ message: 'Refunded', context: 'payment status' }),
  expired: msg({ message: 'Expired', context: 'payment status' }),
};

/** Spec 4's hint per status (contracts' PAYMENT_STATUS_HINTS, word for word in English). */
const HINTS: Record<PaymentStatus | 'unknown', MessageDescriptor> = {
  waiting: msg`Waiting for payment to be sent to the provided address.`,
  confirming: msg`Transaction detected but not yet confirmed on the blockchain.`,
  confirmed: msg`Transaction confirmed on the blockchain but not yet processed.`,
  sending: msg`Payment is being processed and sent to the merchant.`,
  partially_paid: msg`You've sent less than the required amount. Please send the remaining amount.`,
  finished: msg`Payment successfully completed and processed.`,
  failed: msg`Payment processing has failed. Please contact support.`,
  refunded: msg`Payment was refunded back to the customer.`,
  expired: msg`Payment time limit has expired without receiving funds.`,
  unknown: msg`Status is being processed.`,
};

export const paymentHintWords = (status: string): MessageDescriptor =>
  HINTS[status as PaymentStatus] ?? HINTS.unknown;

/** The spec's messages of the payment screens (contracts' PAYMENT), as the member reads them. */
export const PAYMENT_WORDS = {
  createFailed: msg`Failed to create payment`,
  errorBanner: msg`Payment Error`,
  unavailable: msg`Crypto payments are unavailable: no payment provider is configured on this platform`,
  testMark: msg`Test payment`,
  copied: msg`Address copied to clipboard!`,
  copyFailed: msg`Failed to copy address`,
  success: msg`Payment Successful!`,
};
