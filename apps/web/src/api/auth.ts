import type { otpSendBody, otpVerifyBody } from '@app/contracts/auth';
import type { messageResponse } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { forgetTrustedAdmin } from '../lib/trusted-browser';
import { announceAdminSignOut } from './admin-session';
import { SIGNED_OUT, useAuthStore } from './auth-store';
import { request } from './client';

/* TanStack Query hooks of the signed-in auth calls; the public ones are in auth-public.ts. */

type Message = z.infer<typeof messageResponse>;

/**
 * Signs out on the server, then locally whatever the server said (a dead token is signed out anyway).
 * Clearing the session makes the area's guard send the visitor to its login page; the callbacks live
 * here, not in mutate(), because the layout that called it unmounts at that moment.
 */
export function useSignout(side: 'member' | 'admin') {
  const queryClient = useQueryClient();
  const clear = useAuthStore((s) => (side === 'member' ? s.clearMember : s.clearAdmin));
  return useMutation({
    mutationFn: () =>
      request<Message>(side === 'member' ? '/auth/signout' : '/auth/signoutadmin', { as: side }),
    onSuccess: (data) => toast.success(data.message),
    onSettled: () => {
      // this browser's other tabs share the session the server just ended: they sign out too
      const admin = useAuthStore.getState().admin;
      if (side === 'admin' && admin) announceAdminSignOut(admin.id);
      clear(SIGNED_OUT);
      queryClient.clear();
    },
  });
}

/**
 * Ends every session of the signed-in member or admin, on every device; this tab is signed out
 * like after a normal sign-out. An admin's trusted browsers end too: this one forgets its token.
 */
export function useSignoutEverywhere(side: 'member' | 'admin') {
  const queryClient = useQueryClient();
  const clear = useAuthStore((s) => (side === 'member' ? s.clearMember : s.clearAdmin));
  return useMutation({
    mutationFn: () =>
      request<Message>(side === 'member' ? '/auth/signout/everywhere' : '/auth/signoutadmin/everywhere', {
        method: 'POST',
        as: side,
      }),
    onSuccess: (data) => {
      toast.success(data.message);
      const admin = useAuthStore.getState().admin;
      if (side === 'admin' && admin) {
        forgetTrustedAdmin(admin.id);
        announceAdminSignOut(admin.id);
      }
      clear(SIGNED_OUT);
      queryClient.clear();
    },
  });
}

export function useSendOtp() {
  return useMutation({
    mutationFn: (body: z.input<typeof otpSendBody>) =>
      request<Message>('/otp/send', { method: 'POST', body, as: 'member' }),
  });
}

export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof otpVerifyBody>) =>
      request<Message>('/otp/verify', { method: 'POST', body, as: 'member' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
