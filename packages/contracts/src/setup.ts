import { z } from 'zod';

/**
 * The operator's setup list (issue 27.5): what this platform still lacks before it takes real
 * members and money. Each item is checked live (configuration and database) on every read; an owner
 * may dismiss one that does not apply (a platform without crypto payments, say).
 */
export const SETUP_ITEM_IDS = [
  'admin-email',
  'admin-password',
  'two-factor',
  'two-factor-all',
  'team-grants',
  'second-finance',
  'mail',
  'payments',
  'wallet-deposits',
  'plans',
  'public-url',
  'backups',
] as const;
export type SetupItemId = (typeof SETUP_ITEM_IDS)[number];

export const setupItem = z.object({
  id: z.enum(SETUP_ITEM_IDS),
  title: z.string(),
  /** One plain line: what is wrong while the item is open. */
  explanation: z.string(),
  done: z.boolean(),
  /** An owner said it does not apply here; the dashboard no longer shows it as open. */
  dismissed: z.boolean(),
  /** The back-office page where it is fixed (`/admin/...`); null when only the server's configuration fixes it. */
  path: z.string().nullable(),
  /** The operator documentation that says how: a file of the repository and its section (`docs/operations.md#mail`). */
  docs: z.string().nullable(),
});
export type SetupItem = z.infer<typeof setupItem>;

/** GET /setup: the items the signed-in admin can fix (issue 37.21), in the order an operator would do them. */
export const setupResponse = z.object({
  items: z.array(setupItem),
  done: z.number().int(),
  total: z.number().int(),
  /** Whether the signed-in admin may dismiss items (owners). */
  may_dismiss: z.boolean(),
});
export type SetupResponse = z.infer<typeof setupResponse>;

/** POST and DELETE /setup/{id}/dismiss. An unknown id is a 404. */
export const setupIdParam = z.object({ id: z.string().trim().min(1).max(40) });

export const SETUP_TEXT = {
  unknownItem: 'There is no such setup item',
  dismissed: 'Dismissed: it no longer shows as open',
  restored: 'Restored: it shows again until it is done',
} as const;
