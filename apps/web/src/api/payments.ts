import {
  type currenciesResponse,
  isFinalPaymentStatus,
  type minAmountResponse,
  PAYMENT_PROVIDER_PATH,
  type Payment,
  type PaymentStatus,
  type PaymentsConfig,
  type paymentDetailResponse,
  type paymentListItem,
  type paymentListResponse,
} from '@app/contracts/payments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Side } from './auth-store';
import { request } from './client';
import { userKeys } from './users';

const BASE = `/${PAYMENT_PROVIDER_PATH}`;
export type PaymentList = z.infer<typeof paymentListResponse>;
export type PaymentDetail = z.infer<typeof paymentDetailResponse>;
type Answer = { message: string; payment: z.infer<typeof paymentListItem> };

export const paymentKeys = {
  all: ['payments'] as const,
  status: (id: string) => ['payments', 'status', id] as const,
  list: (as: Side, params: PaymentListParams) => ['payments', 'list', as, params] as const,
  detail: (as: Side, id: string) => ['payments', 'detail', as, id] as const,
  currencies: ['payments', 'currencies'] as const,
  min: (from: string, to: string) => ['payments', 'min', from, to] as const,
  config: ['payments', 'config'] as const,
};

/** GET /config: crypto payments off, live, or simulated (sandbox); fixed for the server's lifetime. */
export function usePaymentsConfig(as: Side) {
  return useQuery({
    queryKey: paymentKeys.config,
    queryFn: ({ signal }) => request<PaymentsConfig>(`${BASE}/config`, { as, signal }),
    staleTime: 5 * 60_000,
  });
}

export interface PaymentListParams {
  page: number;
  limit: number;
  status?: PaymentStatus;
  review?: 'true';
}

/** GET /currencies: the pay currencies the provider offers (the form keeps usdtbsc only). */
export function usePayCurrencies() {
  return useQuery({
    queryKey: paymentKeys.currencies,
    queryFn: ({ signal }) =>
      request<z.infer<typeof currenciesResponse>>(`${BASE}/currencies`, { as: 'member', signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET /min-amount/{from}/{to}: the provider's smallest payment. */
export function useMinAmount(from: string, to: string) {
  return useQuery({
    queryKey: paymentKeys.min(from, to),
    queryFn: ({ signal }) =>
      request<z.infer<typeof minAmountResponse>>(`${BASE}/min-amount/${from}/${to}`, {
        as: 'member',
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { price_amount: number; price_currency: string; pay_currency: string; id: number }) =>
      request<Payment>(`${BASE}/create-payment`, { method: 'POST', body, as: 'member' }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.status(payment.payment_id), payment);
      return queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
    },
  });
}

/**
 * GET /payment-status/{id}, polled every `seconds` until the status is final (spec 4). Reaching
 * finished refreshes the member's balances.
 */
export function usePaymentStatus(paymentId: string, seconds: number, as: Side = 'member') {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: paymentKeys.status(paymentId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<Payment>(paymentKeys.status(paymentId));
      const payment = await request<Payment>(`${BASE}/payment-status/${encodeURIComponent(paymentId)}`, {
        as,
        signal,
      });
      if (
        before?.payment_status !== payment.payment_status ||
        before.credited_amount !== payment.credited_amount
      ) {
        // the lists and the balances that show this payment follow it
        void queryClient.invalidateQueries({ queryKey: ['payments', 'list'] });
        if (payment.credited_amount !== null) void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
      return payment;
    },
    enabled: paymentId.length > 0,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.payment_status;
      return status && isFinalPaymentStatus(status) ? false : seconds * 1000;
    },
    refetchIntervalInBackground: false,
  });
}

/** GET /payments: a member's own payments, or (admin) everyone's with filters. */
export function usePaymentList(params: PaymentListParams, as: Side) {
  return useQuery({
    queryKey: paymentKeys.list(as, params),
    queryFn: ({ signal }) => request<PaymentList>(`${BASE}/payments`, { as, signal, query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentDetail(paymentId: string | null, as: Side) {
  return useQuery({
    queryKey: paymentKeys.detail(as, paymentId ?? ''),
    queryFn: ({ signal }) =>
      request<PaymentDetail>(`${BASE}/payments/${encodeURIComponent(paymentId ?? '')}`, { as, signal }),
    enabled: Boolean(paymentId),
  });
}

function useAfterAdminAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
    ]);
}

/** POST /payments/{id}/settle (admin): credits an amount, once, for a payment waiting for a decision. */
export function useSettlePayment() {
  const onSuccess = useAfterAdminAction();
  return useMutation({
    mutationFn: ({ paymentId, amount, reason }: { paymentId: string; amount: number; reason: string }) =>
      request<Answer>(`${BASE}/payments/${encodeURIComponent(paymentId)}/settle`, {
        method: 'POST',
        body: { amount, reason },
        as: 'admin',
      }),
    onSuccess,
  });
}

/** POST /sandbox/{id}/status (admin, sandbox provider): moves a simulated payment to a status. */
export function usePushSandboxStatus() {
  const onSuccess = useAfterAdminAction();
  return useMutation({
    mutationFn: ({ paymentId, status }: { paymentId: string; status: PaymentStatus }) =>
      request<Answer>(`${BASE}/sandbox/${encodeURIComponent(paymentId)}/status`, {
        method: 'POST',
        body: { status },
        as: 'admin',
      }),
    onSuccess,
  });
}
