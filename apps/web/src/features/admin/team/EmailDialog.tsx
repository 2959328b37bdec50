import { type AdminEmailLinkResponse, adminEmailLinkBody, EMAIL_LINK_HOURS } from '@app/contracts/admins';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TeamMember, useChangeAdminEmail } from '../../../api/admins';
import { EditorForm } from '../../../components/ui/EditorDialog';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { LinkSent } from './LinkSent';

/**
 * "Change e-mail" of another admin (issue 37.5): the owner types the new address; a one-time link
 * goes there, and the address changes only when it is opened and confirmed. As with invitations,
 * without a mail server the link is shown for the owner to pass on, and nothing claims a mail went out.
 */
export function EmailDialog({ admin, onClose }: { admin: TeamMember | null; onClose: () => void }) {
  const change = useChangeAdminEmail();
  const close = () => {
    if (change.isPending) return;
    change.reset();
    onClose();
  };
  const sent = change.data;
  const name = admin ? admin.fullname || admin.email : '';
  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title={
        sent ? (sent.link === null ? 'Confirmation link sent' : 'Confirmation link ready') : 'Change e-mail'
      }
      description={
        sent
          ? undefined
          : `${name} now signs in as ${admin?.email}. A link to the new address confirms the change; until it is opened there nothing changes.`
      }
      className="max-w-lg"
    >
      {admin &&
        (sent ? (
          <EmailSent sent={sent} onDone={close} />
        ) : (
          <EmailForm
            key={admin.id}
            pending={change.isPending}
            error={change.error}
            cancel={close}
            onValid={(body) => change.mutate({ id: admin.id, body })}
          />
        ))}
    </Modal>
  );
}

type EmailInput = z.input<typeof adminEmailLinkBody>;
type EmailOutput = z.output<typeof adminEmailLinkBody>;

function EmailForm({
  pending,
  error,
  cancel,
  onValid,
}: {
  pending: boolean;
  error: unknown;
  cancel: () => void;
  onValid: (body: EmailOutput) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(adminEmailLinkBody),
    defaultValues: { email: '' },
  });
  return (
    <EditorForm
      label="Change e-mail"
      editing={{ pending, error, cancel }}
      onSubmit={handleSubmit(onValid)}
      submitLabel="Send confirmation link"
    >
      <Input
        label="New email"
        type="email"
        autoComplete="off"
        disabled={pending}
        error={errors.email?.message}
        {...register('email')}
      />
    </EditorForm>
  );
}

function EmailSent({ sent, onDone }: { sent: AdminEmailLinkResponse; onDone: () => void }) {
  return (
    <LinkSent
      link={sent.link}
      label="Confirmation link"
      testId="email-link"
      onDone={onDone}
      mailed={
        <>
          We e-mailed a confirmation link to {sent.pending_email}. The address changes when it is opened
          there; it works once, for {EMAIL_LINK_HOURS} hours.
        </>
      }
      unmailed={
        <>
          No mail server is configured, so nothing was e-mailed: pass the link below yourself to the holder of{' '}
          {sent.pending_email}. The address changes when it is opened; it works once, for {EMAIL_LINK_HOURS}{' '}
          hours.
        </>
      }
    />
  );
}
