import type { AdminRole } from '@app/contracts/admins';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n';

/**
 * The admin roles in the back-office's words (catalog `admin`). The contracts keep the English
 * (`ADMIN_ROLE_LABELS`) for the server and the OpenAPI document; the screens say it from here.
 */
const ROLE_WORDS: Record<AdminRole, { label: MessageDescriptor; covers: MessageDescriptor }> = {
  owner: { label: msg`Owner`, covers: msg`Everything, including admins and settings` },
  finance: { label: msg`Finance`, covers: msg`Deposits, withdrawals, payouts, top-ups, codes, reports` },
  support: { label: msg`Support`, covers: msg`Members, tickets, notifications, mail` },
  content: { label: msg`Content`, covers: msg`News, videos, achievers, banner, help` },
  auditor: { label: msg`Auditor`, covers: msg`Reads everything, changes nothing` },
};

export const adminRoleLabel = (role: AdminRole): string => i18n._(ROLE_WORDS[role].label);
export const adminRoleDescription = (role: AdminRole): string => i18n._(ROLE_WORDS[role].covers);
