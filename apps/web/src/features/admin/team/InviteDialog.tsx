import { INVITATION_HOURS, inviteBody } from '@app/contracts/admins';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type InviteResult, useInviteAdmin } from '../../../api/admins';
import { EditorForm } from '../../../components/ui/EditorDialog';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { LinkSent } from './LinkSent';
import { RoleCheckboxes, roleNames } from './roles';

/**
 * Invite an admin: e-mail, name and roles. Without a mail server the answer carries the one-time
 * link, shown with a copy button for the owner to pass on (and nothing claims a mail went out); with
 * one the link goes by mail only.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteAdmin();
  const close = () => {
    if (invite.isPending) return;
    invite.reset();
    onClose();
  };
  const sent = invite.data;
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onClose={close}
      // the answer carries the link only when no mail server delivers it: then nothing was e-mailed
      title={sent ? (sent.link === null ? t`Invitation sent` : t`Invitation ready`) : t`Invite admin`}
      description={
        sent
          ? undefined
          : t`They get a one-time link to choose a password. The roles decide what they can use.`
      }
      className="max-w-lg"
    >
      {open &&
        (sent ? (
          <InviteSent sent={sent} onDone={close} />
        ) : (
          <InviteForm
            pending={invite.isPending}
            error={invite.error}
            cancel={close}
            onValid={(body) => invite.mutate(body)}
          />
        ))}
    </Modal>
  );
}

type InviteInput = z.input<typeof inviteBody>;
type InviteOutput = z.output<typeof inviteBody>;

function InviteForm({
  pending,
  error,
  cancel,
  onValid,
}: {
  pending: boolean;
  error: unknown;
  cancel: () => void;
  onValid: (body: InviteOutput) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(inviteBody),
    defaultValues: { email: '', fullname: '', roles: [] },
  });
  const { t } = useLingui();
  return (
    <EditorForm
      label={t`Invite admin`}
      editing={{ pending, error, cancel }}
      onSubmit={handleSubmit(onValid)}
      submitLabel={t`Send invitation`}
    >
      <Input
        label={t`Email`}
        type="email"
        autoComplete="off"
        disabled={pending}
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label={t`Name`}
        autoComplete="off"
        disabled={pending}
        error={errors.fullname?.message}
        {...register('fullname')}
      />
      <Controller
        name="roles"
        control={control}
        render={({ field }) => (
          <RoleCheckboxes
            value={field.value}
            onChange={field.onChange}
            error={errors.roles?.message}
            disabled={pending}
          />
        )}
      />
    </EditorForm>
  );
}

function InviteSent({ sent, onDone }: { sent: InviteResult; onDone: () => void }) {
  const { invitation, link } = sent;
  const who = `${invitation.email} (${roleNames(invitation.roles)})`;
  const hours = INVITATION_HOURS;
  const { t } = useLingui();
  return (
    <LinkSent
      link={link}
      label={t`Invitation link`}
      testId="invite-link"
      onDone={onDone}
      mailed={
        <Trans>
          We e-mailed the link to {who}. It works once, for{' '}
          <Plural value={hours} one="# hour" other="# hours" />.
        </Trans>
      }
      unmailed={
        <Trans>
          No mail server is configured, so nothing was e-mailed: pass the link below yourself to {who}. It
          works once, for <Plural value={hours} one="# hour" other="# hours" />.
        </Trans>
      }
      mailedNote={
        <p data-testid="invite-link-mailed" className="text-sm text-muted">
          <Trans>
            The link went by mail only: nobody in the back-office sees it, owners included. If it does not
            arrive, withdraw the invitation and send a new one.
          </Trans>
        </p>
      }
      linkNote={
        <p className="text-xs text-muted">
          <Trans>
            You see it only while no mail server is set. Send it privately: anyone holding it can set the
            password.
          </Trans>
        </p>
      }
    />
  );
}
