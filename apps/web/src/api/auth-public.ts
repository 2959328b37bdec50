import type {
  AdminTotpSigninBody,
  adminSessionResponse,
  adminSigninResponse,
  passForgetBody,
  passResetBody,
  RegisterBody,
  registerResponse,
  SigninBody,
  signinResponse,
} from '@app/contracts/auth';
import type { messageResponse } from '@app/contracts/common';
import { isLocale } from '@app/contracts/locales';
import { i18n } from '@lingui/core';
import type { z } from 'zod';
import { useAuthStore } from './auth-store';
import { request } from './client';

/*
 * The calls of the public pages (sign-in, registration, password reset) as plain functions: those
 * pages stay free of TanStack Query to fit their JS budget. Signed-in auth calls are hooks in auth.ts.
 */

type Message = z.infer<typeof messageResponse>;

export async function signin(body: SigninBody) {
  const data = await request<z.infer<typeof signinResponse>>('/auth/signin', { method: 'POST', body });
  useAuthStore.getState().setMember(data.auth, data.expireAt);
  return data;
}

/**
 * The password step: a session, or (two-factor authentication on) a ticket for adminSigninTotp. A
 * browser trusted at an earlier code step of this login sends its token and gets the session
 * directly; a token the server no longer accepts is dropped.
 */
export async function adminSignin(body: SigninBody) {
  // loaded when used, so the member pages that share this file do not carry it
  const { forgetTrustedLogin, trustedTokenFor } = await import('../lib/trusted-browser');
  const trusted = trustedTokenFor(body.email);
  const data = await request<z.infer<typeof adminSigninResponse>>('/auth/adminsignin', {
    method: 'POST',
    body: trusted ? { ...body, trusted_browser: trusted } : body,
  });
  if ('admin' in data) useAuthStore.getState().setAdmin(data.admin, data.expireAt);
  else if (trusted) forgetTrustedLogin(body.email);
  return data;
}

/**
 * The code step: a TOTP code or a recovery code with the ticket of the password step. With
 * `trust_browser`, the token answered is kept for the next password steps of `login`.
 */
export async function adminSigninTotp({ login, ...body }: AdminTotpSigninBody & { login: string }) {
  const data = await request<z.infer<typeof adminSessionResponse>>('/auth/adminsignin/totp', {
    method: 'POST',
    body,
  });
  if (data.trusted_browser) {
    const { rememberTrusted } = await import('../lib/trusted-browser');
    rememberTrusted(login, data.admin.id, data.trusted_browser);
  }
  useAuthStore.getState().setAdmin(data.admin, data.expireAt);
  return data;
}

/** Sends the language on screen (the picker's) as the new member's `locale`, when it is a shipped one. */
export async function register(body: RegisterBody) {
  const data = await request<z.infer<typeof registerResponse>>('/auth/register', {
    method: 'POST',
    body: { ...body, locale: isLocale(i18n.locale) ? i18n.locale : undefined },
  });
  useAuthStore.getState().setMember(data.auth, data.expireAt);
  return data;
}

export function forgotPassword(body: z.output<typeof passForgetBody>) {
  return request<Message>('/pass/forget', { method: 'POST', body });
}

export function resetPassword(body: z.output<typeof passResetBody>) {
  return request<Message>('/pass/reset', { method: 'POST', body });
}
