import type { TrustedBrowserGrant } from '@app/contracts/auth';

/**
 * "Trust this browser for 12 hours": the tokens the server gave this browser at the admin code step,
 * kept in localStorage (the admin session itself is never stored: it ends on reload). One entry per
 * sign-in name as typed, so two admins sharing a browser keep their own; the server checks that a
 * token belongs to the admin signing in, and an expired, revoked or foreign token only means the
 * code step is asked for, after which the entry is dropped.
 */
const KEY = 'earnhub-admin-trusted-browsers';

interface Entry {
  login: string;
  adminId: number;
  id: number;
  token: string;
  expires_at: string;
}

const loginKey = (login: string) => login.trim().toLowerCase();

function read(): Entry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return (parsed as Entry[]).filter(
      (e) => e && typeof e.token === 'string' && Date.parse(e.expires_at) > Date.now(),
    );
  } catch {
    return [];
  }
}

function write(entries: Entry[]) {
  try {
    if (entries.length) localStorage.setItem(KEY, JSON.stringify(entries.slice(-10)));
    else localStorage.removeItem(KEY);
  } catch {
    // storage full or refused: the code step is simply asked for next time
  }
}

/** The token to send with the password step of `login`, if this browser holds a live one. */
export function trustedTokenFor(login: string): string | undefined {
  return read().find((e) => e.login === loginKey(login))?.token;
}

export function rememberTrusted(login: string, adminId: number, grant: TrustedBrowserGrant) {
  const key = loginKey(login);
  write([...read().filter((e) => e.login !== key), { login: key, adminId, ...grant }]);
}

/** The server asked for the code although a token was sent: that token is worth nothing now. */
export function forgetTrustedLogin(login: string) {
  const key = loginKey(login);
  write(read().filter((e) => e.login !== key));
}

/** After a password change or sign out everywhere: the server no longer trusts any browser of this admin. */
export function forgetTrustedAdmin(adminId: number) {
  write(read().filter((e) => e.adminId !== adminId));
}

/** The id of the trusted-browser row this browser holds for `adminId`, to mark "This browser". */
export function trustedIdOf(adminId: number): number | undefined {
  return read().find((e) => e.adminId === adminId)?.id;
}
