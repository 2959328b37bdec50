import type { AdminAuth, MemberAuth } from '@app/contracts/auth';
import { AUTH_STORAGE_KEY } from '@app/contracts/client';
import { SIGNED_OUT as SIGNED_OUT_TEXT } from '@app/contracts/session-messages';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Auth state of spec section 3. Only the member half is persisted; the admin session lives in memory. */
interface AuthState {
  auth: MemberAuth | null;
  admin: AdminAuth | null;
  expireAt: string | null;
  adminExpireAt: string | null;
  error: string | null;
  message: string | null;
  setMember: (auth: MemberAuth, expireAt: string) => void;
  setAdmin: (admin: AdminAuth, expireAt: string) => void;
  clearMember: (message?: string) => void;
  clearAdmin: (message?: string) => void;
  /** The server says whether this admin must still set up two-factor authentication. */
  setAdminTotpSetupRequired: (required: boolean) => void;
  setError: (error: string | null) => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      auth: null,
      admin: null,
      expireAt: null,
      adminExpireAt: null,
      error: null,
      message: null,
      setMember: (auth, expireAt) => set({ auth, expireAt, error: null, message: null }),
      setAdmin: (admin, adminExpireAt) => set({ admin, adminExpireAt, error: null, message: null }),
      clearMember: (message) => set({ auth: null, expireAt: null, message: message ?? null }),
      clearAdmin: (message) => set({ admin: null, adminExpireAt: null, message: message ?? null }),
      setAdminTotpSetupRequired: (required) =>
        set((s) => (s.admin ? { admin: { ...s.admin, totp_setup_required: required } } : {})),
      setError: (error) => set({ error }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ auth: state.auth, expireAt: state.expireAt }),
    },
  ),
);

/** A session whose expireAt has passed counts as signed out, even before the server says so. */
export function isLive(expireAt: string | null): boolean {
  if (!expireAt) return false;
  const at = Date.parse(expireAt);
  return Number.isFinite(at) && at > Date.now();
}

export type Side = 'member' | 'admin';

/**
 * `message` after a deliberate sign-out. The guards use it to tell "signed out on purpose" (go to the
 * login page and start fresh) from "session ended" (come back to the same page after signing in).
 */
export const SIGNED_OUT: string = SIGNED_OUT_TEXT;

export function useSignedOutOnPurpose(): boolean {
  return useAuthStore((s) => s.message === SIGNED_OUT);
}

/** The token to send for a side, or null when that side is signed out or expired. */
export function tokenFor(side: Side): string | null {
  const state = useAuthStore.getState();
  if (side === 'member') return state.auth && isLive(state.expireAt) ? state.auth.token : null;
  return state.admin && isLive(state.adminExpireAt) ? state.admin.token : null;
}

export function useMember(): MemberAuth | null {
  return useAuthStore((s) => (s.auth && isLive(s.expireAt) ? s.auth : null));
}

export function useAdmin(): AdminAuth | null {
  return useAuthStore((s) => (s.admin && isLive(s.adminExpireAt) ? s.admin : null));
}
