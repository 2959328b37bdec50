import { TOAST_LIMITS } from '@app/contracts/client';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/**
 * Spec 9 toast limits, set explicitly from the contract. react-hot-toast has no prop for the number on
 * screen (its built-in cap happens to be the same 20), so the oldest visible ones are dismissed here.
 */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_LIMITS.maxVisible)) toast.dismiss(extra.id);
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      // Below the 64 px app header, so a toast never covers Sign out or the theme switch.
      containerStyle={{ top: 80 }}
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
    />
  );
}
