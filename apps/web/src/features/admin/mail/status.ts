import type { MailStatus } from '@app/contracts/mail-log';
import type { Tone } from '../../../components/ui/Badge';

/** Delivered green, failed red, waiting amber, kept in the log only (no mail server) neutral. */
export const MAIL_STATUS_TONE: Record<MailStatus, Tone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
  'logged-only': 'neutral',
};
