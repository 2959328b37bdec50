import type { messageResponse } from '@app/contracts/common';
import type {
  allRewardPlansResponse,
  allRewardsResponse,
  carryForwardResponse,
  claimResponse,
  defaulterRewardResponse,
  initializeResponse,
  MemberRewards,
  RewardPlan,
} from '@app/contracts/rewards';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
export type RewardPayoutList = z.infer<typeof allRewardsResponse>;

/** A reward plan as it goes on the wire (money as JSON numbers). */
export interface RewardPlanWire {
  title: string;
  business: number;
  reward: number;
  days: number;
  order: number;
  is_active: boolean;
}

export const rewardKeys = {
  all: ['rewards'] as const,
  plans: (as: Side) => ['rewards', 'plans', as] as const,
  member: (id: number, as: Side) => ['rewards', 'member', id, as] as const,
  notice: (id: number, as: Side) => ['rewards', 'notice', id, as] as const,
  payouts: ['rewards', 'payouts'] as const,
};

export function useRewardPlans(as: Side) {
  return useQuery({
    queryKey: rewardKeys.plans(as),
    queryFn: ({ signal }) => request<z.infer<typeof allRewardPlansResponse>>('/rewards', { as, signal }),
    select: (data) => data.allrewardplans,
  });
}

/** GET /rewards/user/{id}: the open stage with its business per leg, every stage, the plans ahead. */
export function useMemberRewards(id: number, as: Side) {
  return useQuery({
    queryKey: rewardKeys.member(id, as),
    queryFn: ({ signal }) => request<MemberRewards>(`/rewards/user/${id}`, { as, signal }),
    enabled: id > 0,
  });
}

/** GET /users/get/defaulterreward/{id}: the notice of a window that ended short. */
export function useRewardNotice(id: number, as: Side) {
  return useQuery({
    queryKey: rewardKeys.notice(id, as),
    queryFn: ({ signal }) =>
      request<z.infer<typeof defaulterRewardResponse>>(`/users/get/defaulterreward/${id}`, { as, signal }),
    select: (data) => data.userrewardnotification,
    enabled: id > 0,
  });
}

export interface PayoutParams {
  page: number;
  limit: number;
  search?: string;
  source?: 'claim' | 'admin';
  plan_id?: number;
}

export function useRewardPayouts(params: PayoutParams) {
  return useQuery({
    queryKey: [...rewardKeys.payouts, params],
    queryFn: ({ signal }) =>
      request<RewardPayoutList>('/users/rewards', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

/** After money moved: the member's rewards, the payouts and the wallets. */
function useAfterReward() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
      queryClient.invalidateQueries({ queryKey: ['incomes'] }),
    ]);
}

export function useStartRewards(id: number) {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: () =>
      request<z.infer<typeof initializeResponse>>('/rewards/initialize', {
        method: 'POST',
        body: { user_id: id },
        as: 'member',
      }),
    onSuccess,
  });
}

/** Claims the stage the member sees (pinned: a retry answers with the same payout). */
export function useClaimReward(id: number) {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: (stageId: number) =>
      request<z.infer<typeof claimResponse>>(`/rewards/user/claim/${id}`, {
        as: 'member',
        query: { stage_id: stageId },
      }),
    onSuccess,
  });
}

export function useCarryForward(id: number) {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: (stageId: number) =>
      request<z.infer<typeof carryForwardResponse>>(`/rewards/carry-forward/${id}`, {
        method: 'PUT',
        body: { stage_id: stageId },
        as: 'member',
      }),
    onSuccess,
  });
}

export function useCreateRewardPlan() {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: (body: RewardPlanWire) =>
      request<Message & { reward: RewardPlan }>('/rewards', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateRewardPlan() {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<RewardPlanWire> }) =>
      request<Message & { reward: RewardPlan }>(`/rewards/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteRewardPlan() {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/rewards/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}

/** POST /users/send/reward: an admin pays a plan's reward to a member by hand. */
export function useSendReward() {
  const onSuccess = useAfterReward();
  return useMutation({
    mutationFn: (body: { id: number; user_id: number; note: string }) =>
      request<Message>('/users/send/reward', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}
