import { Trans } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { useHomeNotifications, useMarkSeen } from '../../../api/notifications';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';

/**
 * Spec 1/3: a `site_popup` notification opens once as a dialog anywhere in the member area; closing
 * it (button, Escape, outside click) marks it seen, so it never opens again for this member.
 * In the `member` catalog (lingui.config.ts): it opens on any member page.
 */
export function NotificationPopup() {
  const member = useMember();
  const home = useHomeNotifications();
  const markSeen = useMarkSeen();
  // Hidden at once on close, without waiting for the server's answer.
  const [dismissed, setDismissed] = useState<number[]>([]);
  const popup = home.data?.homenotifications.find(
    (n) => n.type === 'site_popup' && !dismissed.includes(n.id),
  );
  if (!popup || !member) return null;

  const close = () => {
    setDismissed((ids) => [...ids, popup.id]);
    markSeen.mutate({ id: popup.id, userId: member.id });
  };

  return (
    <Modal
      open
      onClose={close}
      title={
        <span className="flex items-center gap-2">
          <Megaphone className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
          {popup.title}
        </span>
      }
      footer={
        <Button onClick={close}>
          <Trans>Got it</Trans>
        </Button>
      }
    >
      <p className="mt-3 text-sm whitespace-pre-line text-fg">{popup.message}</p>
    </Modal>
  );
}
