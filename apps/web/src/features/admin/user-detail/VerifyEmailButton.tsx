import type { User } from '@app/contracts/users';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useMarkEmailVerified } from '../../../api/users';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

/**
 * Support marks a member's e-mail verified by hand (POST /users/{id}/verify-email), for a member whose
 * code never arrived. Shown only while the member is not verified; audited on the server.
 */
export function VerifyEmailButton({ user }: { user: User }) {
  const mark = useMarkEmailVerified();
  const [confirm, setConfirm] = useState(false);
  const { t } = useLingui();
  if (user.role !== 'user' || user.verify_at) return null;

  const { email } = user;
  const run = () =>
    mark.mutate(user.id, {
      onSuccess: (data) => toast.success(data.message),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setConfirm(false),
    });

  return (
    <>
      <Button variant="secondary" onClick={() => setConfirm(true)}>
        <MailCheck className="size-4" aria-hidden="true" /> <Trans>Mark e-mail verified</Trans>
      </Button>
      <ConfirmDialog
        open={confirm}
        title={t`Mark this e-mail verified?`}
        description={t`Only when you know ${email} is this member's: they wrote to support from it, or read you the code from the mail. Transfers and withdrawals open to them, and the audit log records that you did it.`}
        confirmLabel={t`Mark verified`}
        busy={mark.isPending}
        onConfirm={run}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}
