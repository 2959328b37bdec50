import { type RoiCheck, remainingHours, WATCH_EARN } from '@app/contracts/roi';
import { i18n } from '@lingui/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { roiCheck } from '../../../api/roi';
import { intlLocale } from '../../../i18n/locales';

type CheckState =
  | { status: 'checking' }
  | { status: 'error'; message: string }
  | { status: 'done'; result: RoiCheck };

/**
 * The ROI check of spec 4 (Daily reward): run on load, again on Retry and after a claim. The
 * remaining hours come from the server's own clock and then count down locally every 60 s.
 */
export function useEligibility(userId: number | null) {
  const [state, setState] = useState<CheckState>({ status: 'checking' });
  const controller = useRef<AbortController | null>(null);

  const recheck = useCallback(async () => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setState({ status: 'checking' });
    try {
      const result = await roiCheck(userId, mine.signal);
      if (!mine.signal.aborted) setState({ status: 'done', result });
    } catch (error) {
      if (!mine.signal.aborted) setState({ status: 'error', message: errorMessage(error) });
    }
  }, [userId]);

  useEffect(() => {
    void recheck();
    return () => controller.current?.abort();
  }, [recheck]);

  const result = state.status === 'done' ? state.result : null;
  const hoursLeft = useCountdown(result ? remainingHours(result) : 0, result);
  return { state, result, hoursLeft, recheck };
}

/**
 * Hours left, decreasing by 1/60 every 60 s (spec 4: about 0.0167 hours per tick) until 0.
 * Restarts whenever `key` (a new answer) changes.
 */
export function useCountdown(startHours: number, key: unknown) {
  const [hours, setHours] = useState(startHours);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (key) restarts the count
  useEffect(() => {
    setHours(startHours);
    if (startHours <= 0) return;
    const tick = setInterval(() => {
      setHours((h) => {
        const next = h - WATCH_EARN.countdownTickMs / 3_600_000;
        if (next <= 0) clearInterval(tick);
        return Math.max(0, next);
      });
    }, WATCH_EARN.countdownTickMs);
    return () => clearInterval(tick);
  }, [startHours, key]);
  return hours;
}

/** "23:59:12" from hours. */
export function formatHours(hours: number): string {
  const total = Math.max(0, Math.round(hours * 3600));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * When the next claim opens, as a member reads it ("today at 9:40 PM", "tomorrow at 9:14 AM"): the
 * days from today (0 today, 1 tomorrow) and the time in the active language. From the server's
 * answer and clock when there are (the time the last claim is shown in), else from the wait and this
 * browser's clock.
 */
export function opensAt(
  nextAt: string | null,
  hoursLeft: number,
  serverNow?: string,
): { days: number; time: string } {
  const parsedNow = serverNow ? Date.parse(serverNow) : Number.NaN;
  const now = Number.isNaN(parsedNow) ? Date.now() : parsedNow;
  const parsed = nextAt ? Date.parse(nextAt) : Number.NaN;
  const at = new Date(Number.isNaN(parsed) ? now + hoursLeft * 3_600_000 : parsed);
  const days = Math.max(0, Math.round((startOfDay(at) - startOfDay(new Date(now))) / 86_400_000));
  const clock = new Intl.DateTimeFormat(intlLocale(i18n.locale || 'en'), {
    hour: 'numeric',
    minute: '2-digit',
  });
  return { days, time: clock.format(at) };
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}
