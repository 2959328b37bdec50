import type { MailStatus } from '@app/contracts/mail-log';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Tone } from '../../../components/ui/Badge';

/** Delivered green, failed red, waiting amber, kept in the log only (no mail server) neutral. */
export const MAIL_STATUS_TONE: Record<MailStatus, Tone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
  'logged-only': 'neutral',
};

/** The contract's MAIL_STATUS_TEXT through the back-office catalog (the English is the same). */
export const MAIL_STATUS_WORD: Record<MailStatus, MessageDescriptor> = {
  delivered: msg({ message: 'Delivered', context: 'mail status' }),
  pending: msg({ message: 'Pending', context: 'mail status' }),
  failed: msg({ message: 'Failed', context: 'mail status' }),
  'logged-only': msg({ message: 'Logged only', context: 'mail status' }),
};
