import { TOAST_LIMITS } from '@app/contracts/client';
import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast, { ToastBar, Toaster, useToasterStore } from 'react-hot-toast';
import { choosePlacement, controlOf, type Placement } from './toast-placement';

/** An open modal (Radix marks it): Escape is its own, to close it, not the toasts'. */
const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/**
 * The app's one toaster. Spec 9 toast limits, set explicitly from the contract (react-hot-toast has
 * no prop for the number on screen, so the oldest visible ones are dismissed here). Placed where it
 * covers no header control nor the control just used (toast-placement.ts); each toast has a close
 * button, and Escape dismisses them when no dialog is open.
 */
export function Toasts() {
  const { toasts } = useToasterStore();
  const { t } = useLingui();
  const lastUsed = useRef<Element | null>(null);
  const placement = useRef<Placement | null>(null);
  const shown = useRef(false);

  const anyVisible = toasts.some((t) => t.visible);
  // chosen when toasts appear with none on screen, and kept while any is there (no jumping)
  if (anyVisible && (!shown.current || !placement.current))
    placement.current = choosePlacement(lastUsed.current);
  shown.current = anyVisible;
  placement.current ??= choosePlacement(null);

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_LIMITS.maxVisible)) toast.dismiss(extra.id);
  }, [toasts]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      lastUsed.current = controlOf(event.target);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') lastUsed.current = controlOf(document.activeElement);
      else if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector(OPEN_DIALOG))
        toast.dismiss();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, []);

  return (
    <Toaster
      position={placement.current.position}
      containerStyle={placement.current.style}
      toastOptions={{
        removeDelay: TOAST_LIMITS.removeDelayMs,
        blank: { duration: TOAST_LIMITS.blankMs },
        error: { duration: TOAST_LIMITS.errorMs },
        success: { duration: TOAST_LIMITS.successMs },
        loading: { duration: Number.POSITIVE_INFINITY },
        // Theme colours through CSS variables, so toasts follow light/dark like everything else.
        style: {
          maxWidth: TOAST_LIMITS.maxWidth,
          background: 'var(--surface)',
          color: 'var(--fg)',
          border: '1px solid var(--line)',
          fontSize: '0.875rem',
        },
      }}
    >
      {(item) => (
        <ToastBar toast={item}>
          {({ icon, message }) => (
            <div data-testid="toast" className="flex items-center">
              {icon}
              {message}
              {item.type !== 'loading' && (
                <button
                  type="button"
                  onClick={() => toast.dismiss(item.id)}
                  className="-me-1 ms-1 shrink-0 rounded-md p-1 text-muted hover:bg-subtle hover:text-fg"
                  aria-label={t`Dismiss notification`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </div>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
