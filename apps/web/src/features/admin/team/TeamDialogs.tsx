import { adminRoles } from '@app/contracts/admins';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  type Invitation,
  type TeamMember,
  useEndAdminSessions,
  useResetAdminTotp,
  useUpdateAdmin,
  useWithdrawInvitation,
} from '../../../api/admins';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EditorForm } from '../../../components/ui/EditorDialog';
import { Modal } from '../../../components/ui/Modal';
import { RoleCheckboxes } from './roles';

const rolesForm = z.object({ roles: adminRoles });

/** "Change roles": the same checkboxes as the invitation; a 409 (the last owner) shows in the dialog. */
export function RolesDialog({ admin, onClose }: { admin: TeamMember | null; onClose: () => void }) {
  const update = useUpdateAdmin();
  const { t } = useLingui();
  const name = admin ? admin.fullname || admin.email : '';
  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={admin !== null}
      onClose={close}
      title={t`Change roles`}
      description={admin ? t`What ${name} can use in the back-office.` : undefined}
      className="max-w-lg"
    >
      {admin && (
        <RolesForm
          key={admin.id}
          admin={admin}
          pending={update.isPending}
          error={update.error}
          cancel={close}
          onValid={(roles) =>
            update.mutate(
              { id: admin.id, body: { roles } },
              {
                onSuccess: (data) => {
                  toast.success(data.message);
                  update.reset();
                  onClose();
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

function RolesForm({
  admin,
  pending,
  error,
  cancel,
  onValid,
}: {
  admin: TeamMember;
  pending: boolean;
  error: unknown;
  cancel: () => void;
  onValid: (roles: z.output<typeof adminRoles>) => void;
}) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof rolesForm>, unknown, z.output<typeof rolesForm>>({
    resolver: zodResolver(rolesForm),
    defaultValues: { roles: admin.roles },
  });
  const { t } = useLingui();
  return (
    <EditorForm
      label={t`Change roles`}
      editing={{ pending, error, cancel }}
      onSubmit={handleSubmit((v) => onValid(v.roles))}
      submitLabel={t`Save roles`}
    >
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

/** The per-admin actions that ask first. */
export type AdminAction = 'block' | 'unblock' | 'signout' | 'reset-2fa';
export interface PendingAction {
  action: AdminAction;
  admin: TeamMember;
}

function texts(i18n: I18n, action: AdminAction, name: string) {
  switch (action) {
    case 'block':
      return {
        title: i18n._(msg`Block ${name}?`),
        description: i18n._(
          msg`${name} is signed out at once and cannot sign in to the back-office until unblocked.`,
        ),
        confirm: i18n._(msg`Block`),
        danger: true,
      };
    case 'unblock':
      return {
        title: i18n._(msg`Unblock ${name}?`),
        description: i18n._(msg`${name} can sign in again with their password, with the roles they had.`),
        confirm: i18n._(msg`Unblock`),
        danger: false,
      };
    case 'signout':
      return {
        title: i18n._(msg`End the sessions of ${name}?`),
        description: i18n._(
          msg`Every back-office session of ${name} ends now; they can sign in again with their password.`,
        ),
        confirm: i18n._(msg`End sessions`),
        danger: true,
      };
    case 'reset-2fa':
      return {
        title: i18n._(msg`Reset two-factor authentication of ${name}?`),
        description: i18n._(
          msg`For a lost phone: two-factor authentication of ${name} is turned off and their sessions end. They sign in with their password alone and should set it up again.`,
        ),
        confirm: i18n._(msg`Reset 2FA`),
        danger: true,
      };
  }
}

/** Block/Unblock, End sessions, Reset 2FA: asked first, the server's refusal (409) shown in the dialog. */
export function AdminActionDialog({
  target,
  onClose,
}: {
  target: PendingAction | null;
  onClose: () => void;
}) {
  const update = useUpdateAdmin();
  const signout = useEndAdminSessions();
  const reset = useResetAdminTotp();
  const { i18n } = useLingui();
  const mutation = target?.action === 'signout' ? signout : target?.action === 'reset-2fa' ? reset : update;
  const close = () => {
    if (mutation.isPending) return;
    for (const m of [update, signout, reset]) m.reset();
    onClose();
  };
  const confirm = () => {
    if (!target) return;
    const { action, admin } = target;
    const onSuccess = (data: { message: string }) => {
      toast.success(data.message);
      onClose();
    };
    if (action === 'signout') signout.mutate(admin.id, { onSuccess });
    else if (action === 'reset-2fa') reset.mutate(admin.id, { onSuccess });
    else update.mutate({ id: admin.id, body: { status: action } }, { onSuccess });
  };
  const words = target ? texts(i18n, target.action, target.admin.fullname || target.admin.email) : null;
  return (
    <ConfirmDialog
      open={target !== null}
      title={words?.title ?? ''}
      description={words?.description ?? ''}
      confirmLabel={words?.confirm ?? ''}
      danger={words?.danger}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
    </ConfirmDialog>
  );
}

/** Withdraw an open invitation: its link stops working. */
export function WithdrawDialog({ target, onClose }: { target: Invitation | null; onClose: () => void }) {
  const withdraw = useWithdrawInvitation();
  const { t } = useLingui();
  const email = target?.email ?? '';
  const close = () => {
    if (withdraw.isPending) return;
    withdraw.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={t`Withdraw this invitation?`}
      description={t`The link sent to ${email} stops working. You can invite them again later.`}
      confirmLabel={t`Withdraw`}
      danger
      busy={withdraw.isPending}
      onConfirm={() =>
        target &&
        withdraw.mutate(target.id, {
          onSuccess: (data) => {
            toast.success(data.message);
            withdraw.reset();
            onClose();
          },
        })
      }
      onCancel={close}
    >
      {withdraw.isError && <Banner tone="error">{errorMessage(withdraw.error)}</Banner>}
    </ConfirmDialog>
  );
}
