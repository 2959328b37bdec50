import { z } from 'zod';
import { moneyInput } from './money.js';

/**
 * A member's own notification settings (GET and PUT /notifications/settings). Incomes are notified
 * from a minimum amount: the member's own when they chose one, else the platform's
 * (Settings -> income_notify_min), which the member sees as the default. Money in USDT numbers.
 */
export const notificationPrefs = z.object({
  /** The member's own minimum for income notifications; null: the platform's applies. */
  income_notify_min: z.number().nullable(),
  /** The platform's minimum, the default. */
  platform_income_notify_min: z.number(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefs>;
export const notificationPrefsResponse = z.object({ prefs: notificationPrefs });

/** A minimum of 0 notifies every income; null goes back to the platform's. */
export const notificationPrefsBody = z.strictObject({ income_notify_min: moneyInput.nullable() });
export const notificationPrefsUpdateResponse = z.object({ message: z.string(), prefs: notificationPrefs });

export const NOTIFY_PREFS_MSG = { saved: 'Notification settings saved' } as const;
