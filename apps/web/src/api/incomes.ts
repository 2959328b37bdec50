import type {
  EarningLimit,
  IncomeDetail,
  IncomeKind,
  IncomeList,
  IncomeOverview,
  IncomeSummary,
  SummaryPeriod,
} from '@app/contracts/incomes';
import type { TeamSummary } from '@app/contracts/referral';
import type { ReportGroup } from '@app/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Side } from './auth-store';
import { request } from './client';
import { userKeys } from './users';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/**
 * The income views, keyed under the member (userKeys.one) so every money action that refreshes a
 * member refreshes their limit and incomes too.
 */

/** GET /incomes/limit/{userId}: earning limit, total earnings, available limit (spec section 9). */
export function useEarningLimit(userId: number, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'earning-limit'],
    queryFn: ({ signal }) => request<{ limit: EarningLimit }>(`/incomes/limit/${userId}`, { as, signal }),
    select: (data) => data.limit,
    enabled: valid(userId),
  });
}

/** GET /incomes/summary/{userId}: paid per kind this period against the period before, per day. */
export function useIncomeSummary(userId: number, period: SummaryPeriod, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'income-summary', period],
    queryFn: ({ signal }) =>
      request<IncomeSummary>(`/incomes/summary/${userId}`, { as, signal, query: { period } }),
    enabled: valid(userId),
    placeholderData: keepPreviousData,
  });
}

export interface IncomeListParams {
  page: number;
  limit: number;
  kind?: IncomeKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /incomes?user_id=: a page of a member's incomes, newest first, with the sums of the filter. */
export function useIncomes(userId: number, params: IncomeListParams, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'incomes', params],
    queryFn: ({ signal }) =>
      request<IncomeList>('/incomes', { as, signal, query: { user_id: userId, ...params } }),
    enabled: valid(userId),
    placeholderData: keepPreviousData,
  });
}

/** GET /incomes/{id}: why an income was paid. */
export function useIncome(id: number | null, as: Side) {
  return useQuery({
    queryKey: ['incomes', as, id],
    queryFn: ({ signal }) => request<{ income: IncomeDetail }>(`/incomes/${id}`, { as, signal }),
    select: (data) => data.income,
    enabled: id !== null && valid(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /incomes/transfer/{transferId}: the income a ledger transfer paid (404 for other transfers). */
export function useIncomeOfTransfer(transferId: string | null, as: Side) {
  return useQuery({
    queryKey: ['incomes', as, 'transfer', transferId],
    queryFn: ({ signal }) =>
      request<{ income: IncomeDetail }>(`/incomes/transfer/${transferId}`, { as, signal }),
    select: (data) => data.income,
    enabled: Boolean(transferId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /referral/team/{userId}: team figures from the tree roll-up. */
export function useTeamSummary(userId: number, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'team-summary'],
    queryFn: ({ signal }) => request<{ team: TeamSummary }>(`/referral/team/${userId}`, { as, signal }),
    select: (data) => data.team,
    enabled: valid(userId),
  });
}

export interface IncomeOverviewParams {
  from: string;
  to: string;
  granularity: ReportGroup;
}

/** GET /incomes/admin/overview (admin): income by kind and period, cut by the limit, top earners. */
export function useIncomeOverview(params: IncomeOverviewParams) {
  return useQuery({
    queryKey: ['incomes', 'admin', 'overview', params],
    queryFn: ({ signal }) =>
      request<IncomeOverview>('/incomes/admin/overview', { as: 'admin', signal, query: { ...params } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
