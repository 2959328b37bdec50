import type {
  APPROVAL_STATUS,
  approvalDecisionResponse,
  approvalListResponse,
  approvalPendingResponse,
} from '@app/contracts/approvals';
import type { adjustmentBody } from '@app/contracts/withdrawals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from './client';
import { type Keyed, moneyKeys } from './keys';

export type ApprovalList = z.infer<typeof approvalListResponse>;
export type PendingApproval = z.infer<typeof approvalPendingResponse>;
type Decision = z.infer<typeof approvalDecisionResponse>;

export const approvalKeys = { all: ['approvals'] as const };

export function useApprovals(params: {
  page: number;
  limit: number;
  status: (typeof APPROVAL_STATUS)[number] | 'all';
}) {
  return useQuery({
    queryKey: [...approvalKeys.all, params],
    queryFn: ({ signal }) =>
      request<ApprovalList>('/approvals', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    // another admin's request appears without a reload while the page is open
    refetchInterval: 15_000,
  });
}

/** What an approval may have changed: every money list and the members' figures. */
function useAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
      ...Object.values(moneyKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

export function useDecideApproval() {
  const onSuccess = useAfterDecision();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      request<Decision>(`/approvals/${id}/${approve ? 'approve' : 'reject'}`, {
        method: 'POST',
        as: 'admin',
        ...(approve ? {} : { body: { reason } }),
      }),
    onSuccess,
  });
}

/** POST /withdrawalrequest/debit: a manual credit or debit, asked now and made by a second admin. */
export function useAskAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: Keyed<z.input<typeof adjustmentBody>>) =>
      request<PendingApproval>('/withdrawalrequest/debit', {
        method: 'POST',
        body,
        as: 'admin',
        idempotencyKey: key,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
