import type { User } from '@app/contracts/users';
import { useLingui } from '@lingui/react/macro';
import type { Tone } from '../../../components/ui/Badge';

type Labels<K extends string> = Record<K, { text: string; tone: Tone }>;

/**
 * lib/user-labels.ts's words and colours in the member's language. That file stays English: the
 * back-office reads it and ships English (lingui.config.ts), and src/lib is in no catalog.
 */
export function useUserLabels(): {
  STATUS_LABEL: Labels<User['status']>;
  ACTIVE_LABEL: Labels<User['is_active']>;
  SWITCH_LABEL: Labels<User['roi_status']>;
} {
  const { t } = useLingui();
  return {
    STATUS_LABEL: {
      unblock: { text: t`Unblocked`, tone: 'green' },
      block: { text: t`Blocked`, tone: 'red' },
    },
    ACTIVE_LABEL: {
      active: { text: t`Active`, tone: 'green' },
      inactive: { text: t`Inactive`, tone: 'neutral' },
    },
    SWITCH_LABEL: {
      open: { text: t`Open`, tone: 'green' },
      close: { text: t`Closed`, tone: 'amber' },
    },
  };
}
