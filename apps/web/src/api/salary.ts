import type { messageResponse } from '@app/contracts/common';
import type {
  adminDashboardResponse,
  SalaryHistory,
  SalaryTier,
  salaryTiersResponse,
  salaryTransactionsResponse,
  tierStatsResponse,
  todayStatsResponse,
  userSalariesResponse,
} from '@app/contracts/salary';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';

type Message = z.infer<typeof messageResponse>;
export type SalaryAssignments = z.infer<typeof userSalariesResponse>;
export type SalaryPayments = z.infer<typeof salaryTransactionsResponse>;

export interface SalaryTierWire {
  name: string;
  amount: number;
  months: number;
  required_directs: number;
  required_business: number;
  is_active: boolean;
}

export const salaryKeys = { all: ['salary'] as const };

export function useSalaryTiers(as: Side) {
  return useQuery({
    queryKey: [...salaryKeys.all, 'tiers', as],
    queryFn: ({ signal }) => request<z.infer<typeof salaryTiersResponse>>('/salary/tiers', { as, signal }),
    select: (data) => data.tiers,
  });
}

export function useSalaryDashboard() {
  return useQuery({
    queryKey: [...salaryKeys.all, 'dashboard'],
    queryFn: ({ signal }) =>
      request<z.infer<typeof adminDashboardResponse>>('/salary/admin-dashboard', { as: 'admin', signal }),
  });
}

export function useSalaryToday() {
  return useQuery({
    queryKey: [...salaryKeys.all, 'today'],
    queryFn: ({ signal }) =>
      request<z.infer<typeof todayStatsResponse>>('/salary/today-stats', { as: 'admin', signal }),
  });
}

export function useSalaryTierStats() {
  return useQuery({
    queryKey: [...salaryKeys.all, 'tier-stats'],
    queryFn: ({ signal }) =>
      request<z.infer<typeof tierStatsResponse>>('/salary/tier-stats', { as: 'admin', signal }),
    select: (data) => data.tiers,
  });
}

export function useSalaryAssignments(params: { page: number; limit: number; status?: string }, as: Side) {
  return useQuery({
    queryKey: [...salaryKeys.all, 'assignments', as, params],
    queryFn: ({ signal }) =>
      request<SalaryAssignments>('/salary/user-salaries', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useSalaryPayments(params: { page: number; limit: number }, as: Side) {
  return useQuery({
    queryKey: [...salaryKeys.all, 'payments', as, params],
    queryFn: ({ signal }) =>
      request<SalaryPayments>('/salary/transactions', { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function useSalaryHistory(id: number, as: Side) {
  return useQuery({
    queryKey: [...salaryKeys.all, 'history', id, as],
    queryFn: ({ signal }) => request<SalaryHistory>(`/salary/user-history/${id}`, { as, signal }),
    enabled: id > 0,
  });
}

function useInvalidateSalary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: salaryKeys.all });
}

export function useCreateSalaryTier() {
  const onSuccess = useInvalidateSalary();
  return useMutation({
    mutationFn: (body: SalaryTierWire) =>
      request<Message & { tier: SalaryTier }>('/salary/tiers', { method: 'POST', body, as: 'admin' }),
    onSuccess,
  });
}

export function useUpdateSalaryTier() {
  const onSuccess = useInvalidateSalary();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<SalaryTierWire> }) =>
      request<Message & { tier: SalaryTier }>(`/salary/tiers/${id}`, { method: 'PUT', body, as: 'admin' }),
    onSuccess,
  });
}

export function useDeleteSalaryTier() {
  const onSuccess = useInvalidateSalary();
  return useMutation({
    mutationFn: (id: number) => request<Message>(`/salary/tiers/${id}`, { method: 'DELETE', as: 'admin' }),
    onSuccess,
  });
}

/** POST /salary/run: the daily job now (assign tiers, pay the months due). */
export function useRunSalary() {
  const onSuccess = useInvalidateSalary();
  return useMutation({
    mutationFn: () => request<Message & { ran: boolean }>('/salary/run', { method: 'POST', as: 'admin' }),
    onSuccess,
  });
}
