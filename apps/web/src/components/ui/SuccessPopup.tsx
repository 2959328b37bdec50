import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Button } from './Button';

interface SuccessPopupProps {
  /** Shown while non-empty; `true` shows the default text. */
  message: string | boolean | null | undefined;
  /** The supplied clear action, called on Close (spec 4). */
  clear: () => void;
}

/** Spec 2.10: dimmed blurred backdrop, green check, the message and a Close button. */
export function SuccessPopup({ message, clear }: SuccessPopupProps) {
  const { t } = useLingui();
  // SPEC_TEXT.successPopupDefault, the spec's English byte for byte (spec-strings tests)
  const text = typeof message === 'string' && message ? message : t`Action completed successfully!`;
  return (
    <Dialog.Root open={Boolean(message)} onOpenChange={(open) => !open && clear()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-md" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 text-center text-fg shadow-xl focus:outline-none">
          <CircleCheck className="mx-auto size-12 text-green-600 dark:text-green-400" aria-hidden="true" />
          <Dialog.Title className="sr-only">
            <Trans>Success</Trans>
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-base font-medium">{text}</Dialog.Description>
          <Button className="mt-6 w-full" onClick={clear}>
            <Trans context="dialog">Close</Trans>
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
