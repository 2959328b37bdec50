import type { AdminEmailLinkPreview, AdminRole } from '@app/contracts/admins';
import type { messageResponse } from '@app/contracts/common';
import type { z } from 'zod';
import { request } from './client';

/*
 * The public invitation link of a new admin (/admin-invitation/{token}) as plain functions: the
 * public pages stay free of TanStack Query to fit their JS budget (as api/auth-public.ts).
 */

export interface InvitationPreview {
  email: string;
  roles: AdminRole[];
}

/** GET /admin-invitations/{token}: who is invited, with which roles; 404 with a message when used or expired. */
export function previewInvitation(token: string) {
  return request<InvitationPreview>(`/admin-invitations/${encodeURIComponent(token)}`);
}

/** POST /admin-invitations/{token}: the new admin's password; the link is spent. */
export function acceptInvitation({ token, password }: { token: string; password: string }) {
  return request<z.infer<typeof messageResponse>>(`/admin-invitations/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { password },
  });
}

/** GET /admin-email-links/{token}: whose address changes, from what to what; 404 when used or expired. */
export function previewEmailLink(token: string) {
  return request<AdminEmailLinkPreview>(`/admin-email-links/${encodeURIComponent(token)}`);
}

/** POST /admin-email-links/{token}: the admin's address becomes the new one; the link is spent. */
export function confirmEmailLink(token: string) {
  return request<z.infer<typeof messageResponse>>(`/admin-email-links/${encodeURIComponent(token)}`, {
    method: 'POST',
  });
}
