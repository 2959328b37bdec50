import { SESSION_ENDED, TOTP_SETUP_REQUIRED } from '@app/contracts/session-messages';
import { toastLater } from '../lib/toast-later';
import { type Side, tokenFor, useAuthStore } from './auth-store';

const BASE = '/api/v1';
/** Shown when the request never got an answer (spec 8: "the generic network error message"). */
export const NETWORK_ERROR =
  'Network error: the server could not be reached. Check your connection and try again.';

/** Every failed call throws this: `message` is the server's own `message` field whenever there was one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** False when the server sent no `message` (no answer, or a body without one). */
    readonly fromServer = true,
    /** The server's stable `code` beside the message (error-codes.ts), when it sent one. */
    readonly code?: string,
    /** The values the message names (an amount, a wallet), for the member's language. */
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What a failed call shows (spec 7 "Handling answers"): the server's `message` when there is one,
 * otherwise the spec 8 fallback of that call when it names one, otherwise the generic network text.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && !error.fromServer) return fallback ?? error.message;
  const translated =
    error instanceof ApiError && error.code && translate?.(error.code, error.message, error.params);
  if (translated) return translated;
  return error instanceof Error && error.message ? error.message : (fallback ?? NETWORK_ERROR);
}

/**
 * Turns an error's `code` into the member's language (issue 38): set after the first paint by
 * src/i18n/offered.ts (errorText), so the public pages' first visit does not carry it. Until then,
 * and for a code the catalogs lack, the server's English message.
 */
let translate:
  | ((code: string, message: string, params?: Record<string, string>) => string | null)
  | undefined;
export const setErrorTranslator = (f: typeof translate) => {
  translate = f;
};

type Query = Record<string, string | number | undefined | null>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Query;
  /** Which session's token to send; omitted for public calls. */
  as?: Side;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` on money actions: a retry with the same key is answered with the first result. */
  idempotencyKey?: string;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.as) {
    const token = tokenFor(options.as);
    // An expired session is signed out here rather than sent and refused.
    if (!token) return signOutSide(options.as, SESSION_ENDED);
    headers.Authorization = `Bearer ${token}`;
  }
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const device = deviceId();
  if (device) headers['X-Device-Id'] = device;

  let response: Response;
  try {
    response = await fetch(`${BASE}${withQuery(path, options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0, false);
  }

  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fromServer =
      !!data && typeof data === 'object' && 'message' in data && typeof data.message === 'string';
    const message = fromServer
      ? (data as { message: string }).message
      : `${NETWORK_ERROR} (HTTP ${response.status})`;
    if (response.status === 401 && options.as) return signOutSide(options.as, message);
    // the platform now requires two-factor authentication of this admin: the admin guard takes
    // them to the Security page
    if (response.status === 403 && options.as === 'admin' && message === TOTP_SETUP_REQUIRED)
      useAuthStore.getState().setAdminTotpSetupRequired(true);
    const { code, params } = (data ?? {}) as { code?: string; params?: Record<string, string> };
    throw new ApiError(message, response.status, fromServer, code, params);
  }
  return data as T;
}

/**
 * Clears that side's session; the route guards then send the visitor to the right login page,
 * so the client needs no handle on the router.
 */
function signOutSide(side: Side, message: string): never {
  const store = useAuthStore.getState();
  const wasSignedIn = side === 'member' ? store.auth !== null : store.admin !== null;
  // Only the first refusal of a burst says why: the requests still in flight are cut off as the
  // page leaves, read no body, and would replace the server's reason (a blocked member's support
  // contact) with a bare "HTTP 401".
  if (wasSignedIn) {
    if (side === 'member') store.clearMember(message);
    else store.clearAdmin(message);
    toastLater.error(message, { id: `session-${side}` });
  }
  throw new ApiError(message, 401);
}

/**
 * An admin form-data request (multipart/form-data: the browser sets the boundary). Answers and
 * errors as `request` gives them: the server's `message` when it sent one.
 */
export async function sendAdminForm<T>(path: string, method: 'POST' | 'PUT', form: FormData): Promise<T> {
  const token = tokenFor('admin');
  if (!token) {
    useAuthStore.getState().clearAdmin('Your session has ended. Please sign in again.');
    throw new ApiError('Your session has ended. Please sign in again.', 401);
  }
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      body: form,
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `${NETWORK_ERROR} (HTTP ${response.status})`;
    if (response.status === 401) useAuthStore.getState().clearAdmin(message);
    throw new ApiError(message, response.status);
  }
  return data as T;
}

/**
 * Downloads an admin `?format=csv` export (`path` under /api/v1, extra `query`). Fetched with the
 * admin's token (a plain link could not send it), then saved under the server's file name, or
 * `fallbackName` when it names none. Answers the file name.
 */
export async function downloadAdminCsv(
  path: string,
  query: Record<string, string>,
  fallbackName: string,
): Promise<string> {
  const token = tokenFor('admin');
  if (!token) throw new ApiError(SESSION_ENDED, 401);
  const params = new URLSearchParams({ ...query, format: 'csv' });
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}?${params}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(data?.message ?? `${NETWORK_ERROR} (HTTP ${response.status})`, response.status);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return fileName;
}

const DEVICE_KEY = 'earnhub-device';

/**
 * A random id this browser keeps, sent with every call: the server hashes it into the fraud signals
 * (several accounts claiming from one device). Nothing else is derived from it; private windows and
 * blocked storage send none.
 */
function deviceId(): string | null {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}
