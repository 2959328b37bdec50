import type { User } from '@app/contracts/users';
import type { Tone } from '../components/ui/Badge';

/** Human words and status colours for the user enums, shared by member and admin screens. */
export const STATUS_LABEL: Record<User['status'], { text: string; tone: Tone }> = {
  unblock: { text: 'Unblocked', tone: 'green' },
  block: { text: 'Blocked', tone: 'red' },
};

export const ACTIVE_LABEL: Record<User['is_active'], { text: string; tone: Tone }> = {
  active: { text: 'Active', tone: 'green' },
  inactive: { text: 'Inactive', tone: 'neutral' },
};

export const SWITCH_LABEL: Record<User['roi_status'], { text: string; tone: Tone }> = {
  open: { text: 'Open', tone: 'green' },
  close: { text: 'Closed', tone: 'amber' },
};
