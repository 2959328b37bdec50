import type { NotificationType } from '@app/contracts/notifications';

/** How the two notification types read on screen. */
export const TYPE_LABEL: Record<NotificationType, string> = {
  notification: 'Notification',
  site_popup: 'Site popup',
};
