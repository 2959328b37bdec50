import { BANNER_CLEAR_MS } from '@app/contracts/client';
import { useCallback, useEffect, useState } from 'react';

export interface TimedBanner {
  tone: 'success' | 'error';
  text: string;
  /** Distinguishes two identical messages in a row, so each gets its full time on screen. */
  at: number;
}

/** A success/error banner that clears itself after BANNER_CLEAR_MS (spec 2.2 and 9: 3 s). */
export function useTimedBanner(ms: number = BANNER_CLEAR_MS) {
  const [banner, setBanner] = useState<TimedBanner | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner, ms]);
  const show = useCallback(
    (tone: TimedBanner['tone'], text: string) => setBanner({ tone, text, at: Date.now() }),
    [],
  );
  return { banner, show };
}
