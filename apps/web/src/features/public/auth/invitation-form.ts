import { ADMIN_ROLE_LABELS, acceptInvitationBody } from '@app/contracts/admins';
import { z } from 'zod';

/*
 * What the invitation page loads after it has painted, with the invitation itself: the role labels
 * and the admin password rule (zod and the common-password list), kept out of the first paint as
 * schemas.ts is for the other public forms.
 */

export { ADMIN_ROLE_LABELS };

// The admin password rule plus a confirmation the server never sees.
export const invitationForm = acceptInvitationBody
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
