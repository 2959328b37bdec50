import type { adminSessionResponse } from '@app/contracts/auth';
import type { z } from 'zod';
import { SIGNED_OUT, useAuthStore } from './auth-store';
import { request } from './client';

/*
 * The admin session across tabs and reloads of one browser (issue 37.12). The token stays in this
 * page's memory only (spec: only the member's auth persists). A reload or a new tab asks the server
 * once for a new token of the browser's admin session: the HttpOnly, SameSite=Strict resume cookie
 * set at sign-in goes with that request only, and no script here ever sees it (server auth/resume.ts).
 * Signing out in one tab tells the others over a same-origin BroadcastChannel, which carries no token.
 */

let attempt: Promise<boolean> | null = null;

/**
 * Resumes the browser's admin session, once per page load: true when this tab now holds one. A
 * refusal (no cookie, signed out, idle too long) only means the sign-in page is next.
 */
export function resumeAdmin(): Promise<boolean> {
  attempt ??= request<z.infer<typeof adminSessionResponse>>('/auth/adminsession', { method: 'POST' }).then(
    (data) => {
      // a sign-in typed while the answer was on its way wins
      if (!useAuthStore.getState().admin) useAuthStore.getState().setAdmin(data.admin, data.expireAt);
      return true;
    },
    () => false,
  );
  return attempt;
}

/** Whether this page load already asked (a second ask would only repeat the answer). */
export const resumeAsked = () => attempt !== null;

const CHANNEL = 'earnhub-admin-session';

interface SignedOutNotice {
  type: 'signed-out';
  adminId: number;
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
}

/** Tells this browser's other tabs that `adminId` signed out here (their session ended with it). */
export function announceAdminSignOut(adminId: number) {
  const out = channel();
  out?.postMessage({ type: 'signed-out', adminId } satisfies SignedOutNotice);
  out?.close();
}

/**
 * Signs this tab out when another tab of the browser signs the same admin out; `onSignedOut` drops
 * what the tab had cached. Answers the unsubscribe.
 */
export function followAdminSignOut(onSignedOut: () => void): () => void {
  const inbox = channel();
  if (!inbox) return () => {};
  inbox.onmessage = (event: MessageEvent<SignedOutNotice>) => {
    const admin = useAuthStore.getState().admin;
    if (event.data?.type !== 'signed-out' || !admin || admin.id !== event.data.adminId) return;
    useAuthStore.getState().clearAdmin(SIGNED_OUT);
    onSignedOut();
  };
  return () => inbox.close();
}
