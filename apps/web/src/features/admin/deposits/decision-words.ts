import type { DEPOSIT_STATUS } from '@app/contracts/deposits';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A deposit's decision in the back-office's words (catalog `admin`). lib/money-labels.ts keeps
 * the badge tones and stays English (src/lib is in no catalog); the words are said from here.
 */
export const DECISION_WORDS: Record<(typeof DEPOSIT_STATUS)[number], MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'deposit decision' }),
  approved: msg({ message: 'Approved', context: 'deposit decision' }),
  rejected: msg({ message: 'Rejected', context: 'deposit decision' }),
};
