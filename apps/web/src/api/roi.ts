import {
  ROI_CHECK,
  type RoiCheck,
  type roiClaimResponse,
  type WatchPurpose,
  type watchSessionResponse,
} from '@app/contracts/roi';
import type { latestVideoResponse } from '@app/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { tokenFor } from './auth-store';
import { request } from './client';

/** Why the ROI check failed, in the words of spec 8. */
export class RoiCheckError extends Error {
  constructor(readonly status: number | 'timeout' | 'network') {
    super(
      status === 'timeout'
        ? ROI_CHECK.timeout
        : status === 404
          ? ROI_CHECK.notFound
          : status === 401
            ? ROI_CHECK.unauthorized
            : typeof status === 'number' && status >= 500
              ? ROI_CHECK.server
              : ROI_CHECK.other,
    );
    this.name = 'RoiCheckError';
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

async function checkOnce(userId: number, outer?: AbortSignal): Promise<RoiCheck> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ROI_CHECK.timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort);
  const token = tokenFor('member');
  try {
    const response = await fetch(`/api/v1/tr/roi-check/${userId}`, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: controller.signal,
    });
    if (!response.ok) throw new RoiCheckError(response.status);
    return (await response.json()) as RoiCheck;
  } catch (error) {
    if (error instanceof RoiCheckError) throw error;
    if (outer?.aborted) throw error;
    throw new RoiCheckError(timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/**
 * GET /api/v1/tr/roi-check/{userId} as spec 7 and 9 call it: a 10 s timeout, the member's token when
 * there is one, retried up to 3 times after 2, 4 and 6 s. Without a user id the result counts as found.
 */
export async function roiCheck(userId: number | null | undefined, signal?: AbortSignal): Promise<RoiCheck> {
  if (!userId) {
    const now = new Date().toISOString();
    return {
      found: true,
      lastClaimTime: null,
      nextClaimTime: null,
      now,
      cooldown_hours: 24,
      watch_seconds: 10,
    };
  }
  let last: unknown;
  for (let attempt = 0; attempt <= ROI_CHECK.retryDelaysMs.length; attempt++) {
    if (attempt > 0) await wait(ROI_CHECK.retryDelaysMs[attempt - 1]!, signal);
    try {
      return await checkOnce(userId, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      last = error;
    }
  }
  throw last;
}

/** GET /api/v1/videos/latest: today's video, or null when the library is empty. */
export function useLatestVideo() {
  return useQuery({
    queryKey: ['videos', 'latest'],
    queryFn: ({ signal }) =>
      request<z.infer<typeof latestVideoResponse>>('/videos/latest', { as: 'member', signal }),
    select: (res) => res.data,
    retry: 1,
  });
}

/** POST /api/v1/referral/watch-session: the server notes that the member started watching. */
export const startWatch = (purpose: WatchPurpose) =>
  request<z.infer<typeof watchSessionResponse>>('/referral/watch-session', {
    method: 'POST',
    body: { purpose },
    as: 'member',
  });

/** PUT /api/v1/referral/self-trade/{userId}: claims the daily ROI (no body). */
export const claimRoi = (userId: number) =>
  request<z.infer<typeof roiClaimResponse>>(`/referral/self-trade/${userId}`, {
    method: 'PUT',
    as: 'member',
  });
