import { SPEC_TEXT } from '@app/contracts/messages';
import { serverText } from '../../i18n/errors/server-texts';
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
      title={serverText(SPEC_TEXT.successDialogTitle)}
      description={serverText(message)}
      footer={<Button onClick={close}>{serverText(SPEC_TEXT.successDialogButton)}</Button>}
    />
  );
}
