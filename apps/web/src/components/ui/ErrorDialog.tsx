import { SPEC_TEXT } from '@app/contracts/messages';
import { TriangleAlert } from 'lucide-react';
import { Button } from './Button';
import { Modal } from './Modal';

interface ErrorDialogProps {
  open: boolean;
  message: string;
  /** Closing only hides the dialog (spec 4). */
  onClose: () => void;
}

export function ErrorDialog({ open, message, onClose }: ErrorDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={SPEC_TEXT.errorDialogTitle}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {SPEC_TEXT.errorDialogButton}
        </Button>
      }
    >
      <div className="mt-4 flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
        <div>
          <p className="font-medium">{SPEC_TEXT.errorDialogHeading}</p>
          <p className="mt-1 text-sm text-muted">{message}</p>
        </div>
      </div>
    </Modal>
  );
}
