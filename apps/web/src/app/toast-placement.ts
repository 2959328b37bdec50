import type { ToastPosition } from 'react-hot-toast';

/*
 * Where toasts appear (issue 37.9): never over the app header (Sign out, the theme switch, Refresh),
 * and not over the control that was just used ("Backup started" sat on "Back up now", the code-sent
 * toast on the verification card's header). Desktop: bottom right; phone: top, below the sticky
 * header. When the control just pressed sits where the toast would go, the toast takes the other
 * edge. The choice is made when a toast appears with none on screen, so toasts never jump.
 */

/** The sticky app header is 64 px (AppShell h-16); toasts keep clear of it. */
const HEADER_PX = 64;
const EDGE_PX = 16;
/** Room a toast stack takes from its edge: one or two toasts of up to two lines. */
const ZONE_PX = 140;
/** Toasts are at most 350 px wide (TOAST_LIMITS.maxWidth). */
const ZONE_WIDTH_PX = 350 + 2 * EDGE_PX;

export interface Placement {
  position: ToastPosition;
  /** The container's inset: below the header at the top, off the edge at the bottom. */
  style: { top: number; bottom: number };
}

const TOP: Placement = { position: 'top-center', style: { top: HEADER_PX + 12, bottom: EDGE_PX } };
const BOTTOM_RIGHT: Placement = { position: 'bottom-right', style: { top: HEADER_PX + 12, bottom: EDGE_PX } };
const BOTTOM: Placement = { position: 'bottom-center', style: { top: HEADER_PX + 12, bottom: EDGE_PX } };

const isDesktop = () => window.matchMedia('(min-width: 640px)').matches;

interface Zone {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The part of the viewport toasts at `placement` may cover. */
function zoneOf(placement: Placement): Zone {
  const w = window.innerWidth;
  const h = window.innerHeight;
  const left = placement.position.endsWith('right') ? w - ZONE_WIDTH_PX : 0;
  return placement.position.startsWith('top')
    ? { top: HEADER_PX, bottom: HEADER_PX + 12 + ZONE_PX, left, right: w }
    : { top: h - EDGE_PX - ZONE_PX, bottom: h, left, right: w };
}

const overlaps = (r: DOMRect, z: Zone) =>
  r.width > 0 && r.left < z.right && r.right > z.left && r.top < z.bottom && r.bottom > z.top;

/** The placement for toasts appearing now, given the control last pressed (if it is still on the page). */
export function choosePlacement(lastUsed: Element | null): Placement {
  const usual = isDesktop() ? BOTTOM_RIGHT : TOP;
  const other = isDesktop() ? TOP : BOTTOM;
  if (!lastUsed?.isConnected) return usual;
  const rect = lastUsed.getBoundingClientRect();
  return overlaps(rect, zoneOf(usual)) && !overlaps(rect, zoneOf(other)) ? other : usual;
}

/** The control an event used: the nearest interactive element of its target. */
export function controlOf(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  return target.closest('button, a, input, select, textarea, summary, [role="button"], [role="tab"], label');
}
