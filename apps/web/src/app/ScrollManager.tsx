import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a restore or an anchor waits for the page's data to make the target reachable. */
const SETTLE_MS = 2000;
const KEY = 'scroll-positions';

function loadPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Retries `step` each frame until it reports done or SETTLE_MS pass (data arrives after the page mounts). */
function untilSettled(step: () => boolean) {
  const until = performance.now() + SETTLE_MS;
  let frame = 0;
  const tick = () => {
    if (step() || performance.now() > until) return;
    frame = requestAnimationFrame(tick);
  };
  tick();
  return () => cancelAnimationFrame(frame);
}

/**
 * The scroll restoration a data router would give (ScrollRestoration needs createBrowserRouter, which
 * the public pages' size budget rules out, see routes.tsx): a new page starts at the top, back and
 * forward return to where the member was on that entry, and a `#anchor` lands on its target (below
 * the sticky header through `scroll-padding-top` in index.css). A change of only the query string
 * (a filter, a page of a table) keeps the place.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Record<string, number>>(loadPositions());
  const current = useRef(location.key);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let pending = 0;
    const save = () => {
      pending = 0;
      positions.current[current.current] = window.scrollY;
      sessionStorage.setItem(KEY, JSON.stringify(positions.current));
    };
    const onScroll = () => {
      if (!pending) pending = requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (type === 'POP') {
      const y = positions.current[location.key];
      if (y === undefined) {
        if (!samePage) window.scrollTo(0, 0);
        return undefined;
      }
      return untilSettled(() => {
        window.scrollTo(0, y);
        return Math.abs(window.scrollY - y) < 2;
      });
    }
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1));
      return untilSettled(() => {
        const target = document.getElementById(id);
        target?.scrollIntoView({ block: 'start' });
        return target !== null;
      });
    }
    if (!samePage) window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.pathname, location.hash, type]);

  return null;
}
