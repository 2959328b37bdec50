import { useSyncExternalStore } from 'react';

/** Same key as public/theme-init.js, which applies the theme before the bundle runs. */
const THEME_KEY = 'theme';
type Theme = 'light' | 'dark';

const media = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
const listeners = new Set<() => void>();

function saved(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function current(): Theme {
  return saved() ?? (media?.matches ? 'dark' : 'light');
}

function apply() {
  document.documentElement.classList.toggle('dark', current() === 'dark');
  for (const listener of listeners) listener();
}

// Follow the system setting for as long as the member has not picked a theme.
media?.addEventListener('change', () => {
  if (!saved()) apply();
});

export function toggleTheme() {
  try {
    localStorage.setItem(THEME_KEY, current() === 'dark' ? 'light' : 'dark');
  } catch {
    /* storage blocked: the toggle still works for this page view */
    document.documentElement.classList.toggle('dark');
    return;
  }
  apply();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    () => 'light',
  );
}
