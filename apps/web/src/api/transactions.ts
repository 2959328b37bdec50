import type { ReconcileReportDto } from '@app/contracts/reconcile';
import type { TableName, transactionsResponse, userDetailsResponse } from '@app/contracts/transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';
import { userKeys } from './users';

export type TransactionList = z.infer<typeof transactionsResponse>;
export type TransactionTotals = z.infer<typeof userDetailsResponse>;

export interface TransactionListParams {
  page: number;
  limit: number;
  table_name?: TableName;
  source?: string;
  transaction_type?: 'credit' | 'debit';
  status?: 'posted' | 'pending' | 'voided';
  search?: string;
}

/**
 * GET /tr/user/{user_id}: one member's ledger entries (the member themselves, or an admin). Keyed
 * under the user, so every money action that refreshes a member refreshes their transactions too.
 */
export function useUserTransactions(userId: number, params: TransactionListParams, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'transactions', params],
    queryFn: ({ signal }) =>
      request<TransactionList>(`/tr/user/${userId}`, { as, signal, query: { ...params } }),
    enabled: Number.isInteger(userId) && userId > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /transactions/user/{id}/details: posted credits and debits of a member by source, all time. */
export function useTransactionTotals(userId: number, as: Side) {
  return useQuery({
    queryKey: [...userKeys.one(as, userId), 'transaction-totals'],
    queryFn: ({ signal }) =>
      request<TransactionTotals>(`/transactions/user/${userId}/details`, { as, signal }),
    enabled: Number.isInteger(userId) && userId > 0,
  });
}

/** GET /ledger/reconcile (admin): the ledger's invariants checked now; refetch() runs it again. */
export function useReconcileReport() {
  return useQuery({
    queryKey: ['ledger', 'reconcile'],
    queryFn: ({ signal }) => request<ReconcileReportDto>('/ledger/reconcile', { as: 'admin', signal }),
    // A report is a moment in time: it runs when the screen opens and when asked, not on focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}
