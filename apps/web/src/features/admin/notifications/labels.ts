import type { NotificationType } from '@app/contracts/notifications';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** How the two notification types read on screen (the `admin` catalog; `i18n._(TYPE_LABEL[type])`). */
export const TYPE_LABEL: Record<NotificationType, MessageDescriptor> = {
  notification: msg`Notification`,
  site_popup: msg`Site popup`,
};
