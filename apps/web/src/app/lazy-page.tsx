import { type ComponentType, lazy, useSyncExternalStore } from 'react';

const RELOAD_FLAG = 'chunk-reload';

/**
 * The reload flag, read and written where the browser allows storage. A browser that blocks site
 * data throws on any access: every page failed to load there (issue 29.3). Without storage a broken
 * chunk reaches the error page at once instead of reloading first.
 */
const reloadFlag = {
  get(): string | null {
    try {
      return sessionStorage.getItem(RELOAD_FLAG);
    } catch {
      return 'no storage';
    }
  },
  set(value: string | null) {
    try {
      if (value === null) sessionStorage.removeItem(RELOAD_FLAG);
      else sessionStorage.setItem(RELOAD_FLAG, value);
    } catch {
      /* storage blocked: nothing to remember */
    }
  },
};

// How many page chunks are loading right now: drives the top progress bar (NavigationProgress).
let pending = 0;
const listeners = new Set<() => void>();
function setPending(delta: number) {
  pending += delta;
  for (const listener of listeners) listener();
}
export function useChunkLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
  );
}

/**
 * After a deploy, an open tab asks for chunk names that no longer exist: the page then reloads once
 * to pick up the new build (spec 2.1: "if a page fails to load, the whole page reloads"). The flag in
 * sessionStorage stops a reload loop when a chunk is really broken: the second failure in a row
 * reaches the error boundary instead.
 */
export async function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  setPending(1);
  try {
    const module = await load();
    reloadFlag.set(null);
    return module;
  } catch (error) {
    if (!reloadFlag.get()) {
      reloadFlag.set(String(Date.now()));
      window.location.reload();
      // Never settles: the page is going away.
      return new Promise<never>(() => {});
    }
    throw error;
  } finally {
    setPending(-1);
  }
}

/** A lazily loaded component (a page, a layout, a chart), with the reload-once rule. */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => loadOrReload(load));
}

/** A route element whose page code is its own chunk, fetched on first visit. */
export function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazyComponent(load);
  return <Page />;
}

/** The error page's Reload button allows one more automatic retry. */
export function clearReloadFlag() {
  reloadFlag.set(null);
}
