import type { TOPUP_KINDS } from '@app/contracts/topups';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * A top-up's kind and state in the back-office's words (catalog `admin`). lib/money-labels.ts keeps
 * the badge tones and stays English (src/lib is in no catalog); the words are said from here.
 */
export const TOPUP_KIND_WORDS: Record<(typeof TOPUP_KINDS)[number], MessageDescriptor> = {
  purchase: msg`Plan purchase`,
  retopup: msg`Re-top-up`,
  activation: msg`Activation fee`,
};

export const TOPUP_STATUS_WORDS: Record<'done' | 'reversed', MessageDescriptor> = {
  done: msg({ message: 'Done', context: 'top-up status' }),
  reversed: msg({ message: 'Reversed', context: 'top-up status' }),
};
