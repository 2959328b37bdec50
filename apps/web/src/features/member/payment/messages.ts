import { ApiError, NETWORK_ERROR } from '../../../api/client';

/** Spec 7 "Handling answers": the server's message field when it sent one, else the screen's fallback. */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith(NETWORK_ERROR))
    return error.message;
  return fallback;
}
