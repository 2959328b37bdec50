import { z } from 'zod';
import { int4Param } from './common.js';

/**
 * Daily ROI with Watch and Earn (spec 2.6, 4 Daily reward, 7 Daily reward and referral, 8, 9;
 * DOMAIN.md Incomes): the member starts today's video (a watch session the server records), watches
 * it for the required seconds, then claims `active_plan x daily ROI percent` once per cooldown.
 */
export const ROI_MSG = {
  /** Spec 8 success message of the claim. */
  claimed: 'Trade Successfull!',
  sessionStarted: 'Watch session started',
  ownOnly: 'You can only claim your own reward',
  noPlan:
    'You need an active plan to claim the daily reward. Members without a plan can claim the video bonus.',
  blocked: 'Access Denied: your account is blocked.',
  roiClosed: 'ROI income is closed on your account. Contact support.',
  atLimit: 'Reward Limit Reached: you have reached your earning limit. Buy a plan to keep earning.',
  noSession: "Watch today's video before claiming your reward.",
} as const;

/** "Watch at least N seconds" (the server counts from the start of the watch session). */
export const watchLonger = (seconds: number, left: number) =>
  `Please watch the video for at least ${seconds} seconds before claiming (${left} s left).`;

/** Refusal inside the cooldown, with when the next claim opens. */
export const cooldownMessage = (hours: number, next: Date) =>
  `Reward Limit Reached: one claim every ${hours} hours. Your next claim opens at ${next.toISOString()}.`;

/** Spec 8 and 9: the ROI check of the Watch and Earn screen. */
export const ROI_CHECK = {
  timeoutMs: 10_000,
  retryDelaysMs: [2000, 4000, 6000],
  timeout: 'Request timeout. Please check your connection.',
  notFound: 'ROI check endpoint not found.',
  unauthorized: 'Authentication failed. Please login again.',
  server: 'Server error. Please try again later.',
  other: 'Failed to check transaction status.',
} as const;

/** Spec 2.6, 4 and 9: the fixed texts and timings of the screen. */
export const WATCH_EARN = {
  countdownTickMs: 60_000,
  successDialogMs: 1500,
  reloadAfterMs: 1000,
  modalWidth: 700,
  checking: 'Checking Eligibility...',
  accessDenied: 'Access Denied',
  watchButton: "Watch Today's Video",
  limitReached: 'Reward Limit Reached',
  noPlan: 'No Plan',
  premium: 'Premium Active',
  startWatching: 'Start Watching',
  watched: 'Video watched! Claim your reward now.',
  pleaseWatch: (s: number) => `Please watch for: ${s}s`,
  claim: 'Claim Reward',
  close: 'Close',
  watchAgain: 'Watch Again',
  successTitle: 'Success!',
  successBody: 'Reward claimed successfully!',
  claimErrorTitle: 'Error!',
  claimError: 'Failed to claim reward. Please try again.',
  tradeFailure: 'Failed to update ROI income',
  noVideoTitle: 'Error',
} as const;

/** The path of the bundled video shown when the library has none (apps/web/public). */
export const DEFAULT_VIDEO_URL = '/default-video.webm';

export const userIdParam = z.object({ userId: int4Param });

export const WATCH_PURPOSES = ['video', 'ad'] as const;
export type WatchPurpose = (typeof WATCH_PURPOSES)[number];

/** POST /api/v1/referral/watch-session: `video` (today's video) by default, `ad` for the ad bonus. */
export const watchSessionBody = z
  .strictObject({ purpose: z.enum(WATCH_PURPOSES).default('video') })
  .default({ purpose: 'video' });

export const watchSession = z.object({
  id: z.number().int(),
  purpose: z.enum(WATCH_PURPOSES),
  video_id: z.number().int().nullable(),
  started_at: z.string(),
  /** started_at + the watch seconds of Settings: a claim before this is refused. */
  claimable_at: z.string(),
  watch_seconds: z.number().int(),
});
export type WatchSession = z.infer<typeof watchSession>;
export const watchSessionResponse = z.object({ message: z.string(), session: watchSession });

/** GET /api/v1/tr/roi-check/{userId}: spec's `found` and `lastClaimTime`, plus the server's view. */
export const roiCheckResponse = z.object({
  found: z.boolean(),
  lastClaimTime: z.string().nullable(),
  /** When the next claim opens (null: no claim yet). */
  nextClaimTime: z.string().nullable(),
  /** The server's clock when it answered, so the screen counts from the server's time. */
  now: z.string(),
  cooldown_hours: z.number().int(),
  watch_seconds: z.number().int(),
});
export type RoiCheck = z.infer<typeof roiCheckResponse>;

/** Hours left until the next claim (0 when eligible), from a check answer. */
export function remainingHours(check: Pick<RoiCheck, 'nextClaimTime' | 'now'>): number {
  if (!check.nextClaimTime) return 0;
  const ms = Date.parse(check.nextClaimTime) - Date.parse(check.now);
  return ms > 0 ? ms / 3_600_000 : 0;
}

/** `PUT /referral/self-trade/{userId}`: the spec's message, and what the claim paid the member. */
export const roiClaimResponse = z.object({
  message: z.string(),
  /** ROI credited to the member's roi wallet (after the earning limit), USDT. */
  amount: z.number(),
  /** The part of it moved on to compound (the member's compound share), USDT. */
  compounded: z.number(),
});
