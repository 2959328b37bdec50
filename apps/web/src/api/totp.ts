import type { messageResponse } from '@app/contracts/common';
import type { TotpStatus, totpEnableResponse, totpSetupResponse } from '@app/contracts/totp';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAuthStore } from './auth-store';
import { request } from './client';

/* The signed-in admin's own two-factor authentication (the Security page). */

export const totpKeys = { status: ['totp'] as const };

export function useTotpStatus() {
  return useQuery({
    queryKey: totpKeys.status,
    queryFn: ({ signal }) => request<TotpStatus>('/totp', { as: 'admin', signal }),
  });
}

/** A new secret for the authenticator app; shown until the first code turns it on. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: () =>
      request<z.infer<typeof totpSetupResponse>>('/totp/setup', { method: 'POST', as: 'admin' }),
  });
}

export function useTotpEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request<z.infer<typeof totpEnableResponse>>('/totp/enable', {
        method: 'POST',
        body: { code },
        as: 'admin',
      }),
    onSuccess: () => {
      // the platform's requirement (if any) is met: the rest of the back-office opens
      useAuthStore.getState().setAdminTotpSetupRequired(false);
      return queryClient.invalidateQueries({ queryKey: totpKeys.status });
    },
  });
}

export function useTotpDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      request<z.infer<typeof messageResponse>>('/totp/disable', {
        method: 'POST',
        body: { code },
        as: 'admin',
      }),
    onSuccess: async () => {
      const status = await queryClient.fetchQuery({
        queryKey: totpKeys.status,
        queryFn: () => request<TotpStatus>('/totp', { as: 'admin' }),
      });
      useAuthStore.getState().setAdminTotpSetupRequired(status.required);
    },
  });
}
