import type { PublicSettings } from '@app/contracts/switches';
import { useEffect, useState } from 'react';
import { request } from './client';

/*
 * GET /settings/public for the public pages, without TanStack Query (their JS budget): the last
 * answer is shown at once on the next page and fetched again in the background.
 */
let last: PublicSettings | null = null;

export async function fetchPublicSettings(): Promise<PublicSettings | null> {
  try {
    last = (await request<{ settings: PublicSettings }>('/settings/public')).settings;
  } catch {
    // the form stays usable; the server still refuses what is closed, with its message
  }
  return last;
}

/** Site name, contact and whether registration and sign-in are open; null until the first answer. */
export function usePublicSettings(): PublicSettings | null {
  const [settings, setSettings] = useState(last);
  useEffect(() => {
    let live = true;
    void fetchPublicSettings().then((s) => live && setSettings(s));
    return () => {
      live = false;
    };
  }, []);
  return settings;
}
