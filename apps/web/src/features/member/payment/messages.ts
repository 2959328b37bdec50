import { ApiError, errorMessage, NETWORK_ERROR } from '../../../api/client';

/**
 * Spec 7 "Handling answers": the server's message field when it sent one (in the member's words
 * when its code is in the catalogs, issue 38), else the screen's fallback.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith(NETWORK_ERROR))
    return errorMessage(error);
  return fallback;
}
