import { z } from 'zod';
import { email } from './common.js';
import { adminPassword } from './passwords.js';

/**
 * The back-office team. Every admin keeps the spec's role `admin`; what each may use is given by a
 * set of roles. Every admin route names one area; the area and the method decide who may call it.
 */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'content', 'auditor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, { label: string; covers: string }> = {
  owner: { label: 'Owner', covers: 'Everything, including admins and settings' },
  finance: { label: 'Finance', covers: 'Deposits, withdrawals, payouts, top-ups, codes, reports' },
  support: { label: 'Support', covers: 'Members, tickets, notifications, mail' },
  content: { label: 'Content', covers: 'News, videos, achievers, banner, help' },
  auditor: { label: 'Auditor', covers: 'Reads everything, changes nothing' },
};

/**
 * The area an admin operation belongs to:
 * - `any`: the admin's own account and the dashboard (every admin, the auditor included);
 * - `owner`: the team, settings, plans and the income rules (owners change, auditors read);
 * - `finance`, `support`, `content`: that role's work (it and owners change, auditors read).
 */
export const ADMIN_AREAS = ['any', 'owner', 'finance', 'support', 'content'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** A route's area, or several when the work of more than one role needs it (a member's history). */
export type AdminAreas = AdminArea | readonly AdminArea[];

/** Whether an admin holding `roles` may call an operation of `areas`; `write`: it changes something. */
export function adminMay(roles: readonly AdminRole[], areas: AdminAreas, write: boolean): boolean {
  if (roles.includes('owner')) return true;
  if (!write && roles.includes('auditor')) return true;
  return ([] as AdminArea[])
    .concat(areas)
    .some((area) => area === 'any' || (area !== 'owner' && roles.includes(area)));
}

/** The roles that may call an operation: what `x-admin-roles` in the OpenAPI document lists. */
export function rolesFor(areas: AdminAreas, write: boolean): AdminRole[] {
  return ADMIN_ROLES.filter((role) => adminMay([role], areas, write));
}

/** A member's records (profile, history, team): both finance and support work from them. */
export const MEMBER_RECORDS = ['finance', 'support'] as const satisfies readonly AdminArea[];

/** How `x-access` names the areas: `finance`, or `finance|support`. */
export const areaName = (areas: AdminAreas) => ([] as AdminArea[]).concat(areas).join('|');

export const adminRoles = z
  .array(z.enum(ADMIN_ROLES))
  .min(1, 'Choose at least one role')
  .max(ADMIN_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

/** GET /admins: one member of the team. */
export const teamMember = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  status: z.enum(['unblock', 'block']),
  totp_enabled: z.boolean(),
  created_at: z.string(),
  last_signin_at: z.string().nullable(),
  /** The new address of an e-mail change an owner started, until its link is confirmed (or expires). */
  pending_email: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const teamResponse = z.object({ admins: z.array(teamMember), invitations: z.array(invitation) });
export type TeamResponse = z.infer<typeof teamResponse>;

/** POST /admins/invitations. The link is in the answer too, for an owner without a mail server. */
export const inviteBody = z.object({
  email,
  fullname: z.string().trim().min(1, 'Enter a name').max(100),
  roles: adminRoles,
});
/**
 * `link` is the one-time link, in the answer only while no mail server is configured (SMTP_URL):
 * then the owner passes it on themself. With one, it goes by mail alone (null here): an owner who
 * holds the link could accept an invitation of their own making (issue 36.7).
 */
export const inviteResponse = z.object({ invitation, link: z.string().nullable() });

/** PATCH /admins/{id}: any of roles, status. */
export const teamUpdateBody = z
  .object({ roles: adminRoles.optional(), status: z.enum(['unblock', 'block']).optional() })
  .refine((b) => b.roles || b.status, 'Send roles or status');

/** GET /admin-invitations/{token}: what the invited admin sees before choosing a password. */
export const invitationPreview = z.object({ email: z.string(), roles: z.array(z.enum(ADMIN_ROLES)) });
export const acceptInvitationBody = z.object({ password: adminPassword });

export const INVITATION_HOURS = 48;

/**
 * POST /admins/{id}/email: an owner moves another admin to a new address. A link goes to the new
 * address; the address changes only when it is opened and confirmed there.
 */
export const adminEmailLinkBody = z.object({ email });
export type AdminEmailLinkBody = z.infer<typeof adminEmailLinkBody>;
/** As with invitations, `link` is in the answer only while no mail server is configured (SMTP_URL). */
export const adminEmailLinkResponse = z.object({
  message: z.string(),
  pending_email: z.string(),
  expires_at: z.string(),
  link: z.string().nullable(),
});
export type AdminEmailLinkResponse = z.infer<typeof adminEmailLinkResponse>;
/** GET /admin-email-links/{token}: what the page of the link shows before the change is confirmed. */
export const adminEmailLinkPreview = z.object({
  fullname: z.string(),
  email: z.string(),
  new_email: z.string(),
  requested_by: z.string(),
});
export type AdminEmailLinkPreview = z.infer<typeof adminEmailLinkPreview>;
/** How long the link of an e-mail change works: as an invitation's, time to reach the new inbox. */
export const EMAIL_LINK_HOURS = 48;

/** What a signed-in admin learns about themself: GET /admins/me. */
export const adminMe = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
});
export type AdminMe = z.infer<typeof adminMe>;
