import { SPEC_TEXT } from '@app/contracts/messages';
import { Button } from './Button';
import { Modal } from './Modal';

interface SuccessDialogProps {
  open: boolean;
  message: string;
  onClose: () => void;
}

/** Spec 2.10/4: closing it in any way (icon, Go back, dismissal) hides it and reloads the whole page. */
export function SuccessDialog({ open, message, onClose }: SuccessDialogProps) {
  const close = () => {
    onClose();
    window.location.reload();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={SPEC_TEXT.successDialogTitle}
      description={message}
      footer={<Button onClick={close}>{SPEC_TEXT.successDialogButton}</Button>}
    />
  );
}
