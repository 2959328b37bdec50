import { type AdminEmailLinkResponse, adminEmailLinkBody, EMAIL_LINK_HOURS } from '@app/contracts/admins';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  const email = admin?.email;
  const { t } = useLingui();
  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title={
        sent
          ? sent.link === null
            ? t`Confirmation link sent`
            : t`Confirmation link ready`
          : t`Change e-mail`
      }
      description={
        sent
          ? undefined
          : t`${name} now signs in as ${email}. A link to the new address confirms the change; until it is opened there nothing changes.`
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
  const { t } = useLingui();
  return (
    <EditorForm
      label={t`Change e-mail`}
      editing={{ pending, error, cancel }}
      onSubmit={handleSubmit(onValid)}
      submitLabel={t`Send confirmation link`}
    >
      <Input
        label={t`New email`}
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
  const { t } = useLingui();
  const email = sent.pending_email;
  const hours = EMAIL_LINK_HOURS;
  return (
    <LinkSent
      link={sent.link}
      label={t`Confirmation link`}
      testId="email-link"
      onDone={onDone}
      mailed={
        <Trans>
          We e-mailed a confirmation link to {email}. The address changes when it is opened there; it works
          once, for <Plural value={hours} one="# hour" other="# hours" />.
        </Trans>
      }
      unmailed={
        <Trans>
          No mail server is configured, so nothing was e-mailed: pass the link below yourself to the holder of{' '}
          {email}. The address changes when it is opened; it works once, for{' '}
          <Plural value={hours} one="# hour" other="# hours" />.
        </Trans>
      }
    />
  );
}
