import type { AuditFacets, auditListResponse } from '@app/contracts/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';

export type AuditList = z.infer<typeof auditListResponse>;

export interface AuditListParams {
  page: number;
  limit: number;
  action?: string | undefined;
  target_type?: string | undefined;
  admin_id?: number | undefined;
  /** ISO instants: `from` inclusive, `to` exclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export const auditKeys = { all: ['audit'] as const };

/** GET /audit (admin): the audit log, newest first. */
export function useAuditList(params: AuditListParams, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...auditKeys.all, 'list', params],
    queryFn: ({ signal }) => request<AuditList>('/audit', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /audit/facets (admin): what the filters can choose from. */
export function useAuditFacets() {
  return useQuery({
    queryKey: [...auditKeys.all, 'facets'],
    queryFn: ({ signal }) => request<AuditFacets>('/audit/facets', { as: 'admin', signal }),
  });
}
