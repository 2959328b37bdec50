import type { User } from '@app/contracts/users';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/*
 * lib/user-labels.ts's words through the back-office catalog (the English is the same; the colours
 * stay there): src/lib is in no catalog.
 */
export const STATUS_WORD: Record<User['status'], MessageDescriptor> = {
  unblock: msg`Unblocked`,
  block: msg`Blocked`,
};

export const ACTIVE_WORD: Record<User['is_active'], MessageDescriptor> = {
  active: msg({ message: 'Active', context: 'member' }),
  inactive: msg({ message: 'Inactive', context: 'member' }),
};
