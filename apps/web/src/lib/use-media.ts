import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it the layout is a phone's. */
const SM = '(min-width: 40rem)';

/**
 * Whether the window is at least as wide as Tailwind's `sm` (640 px), following resizes. A component
 * that must show one of two layouts renders only that one (two copies in the page would put every
 * text and button there twice, once hidden).
 */
export function useSmUp(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => true);
}

function subscribe(onChange: () => void) {
  const media = window.matchMedia(SM);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function snapshot() {
  return window.matchMedia(SM).matches;
}
