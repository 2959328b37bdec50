import { PASSWORD_RULES } from '@app/contracts/password-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { acceptInvitation, type InvitationPreview, previewInvitation } from '../../../api/admin-invitations';
import { ApiError, errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { useAction } from '../../../lib/use-action';
import { AdminDoneCard } from './AdminDoneCard';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

/** The page of an owner's e-mail change link (/admin-email/{token}) rides in this chunk (routes.tsx). */
export { default as AdminEmailLinkPage } from './AdminEmailLinkPage';

type FormModule = typeof import('./invitation-form');
const loadForm = (): Promise<FormModule> => import('./invitation-form');

type State =
  | { step: 'loading' }
  | { step: 'gone'; message: string }
  | { step: 'open'; invitation: InvitationPreview; form: FormModule };

/**
 * /admin-invitation/{token}: the invited admin sees their roles and e-mail and chooses a password
 * (the admin rule). A used or expired link shows the server's message and no form.
 */
export default function AdminInvitationPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    Promise.all([previewInvitation(token), loadForm()]).then(
      ([invitation, form]) => live && setState({ step: 'open', invitation, form }),
      (error: unknown) => live && setState({ step: 'gone', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const footer = (
    <>
      <Trans>
        Already have an account?{' '}
        <Link to="/admin-login" className={linkClass}>
          Back-office sign in
        </Link>
      </Trans>
    </>
  );

  if (state.step === 'loading')
    return (
      <AuthCard title={t`Back-office invitation`} footer={footer}>
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner label={t`Checking the invitation`} /> <Trans>Checking the invitation…</Trans>
        </p>
      </AuthCard>
    );
  if (state.step === 'gone')
    return (
      <AuthCard title={t`Back-office invitation`} footer={footer}>
        <Banner tone="error">{state.message}</Banner>
      </AuthCard>
    );
  return (
    <AcceptForm
      token={token}
      invitation={state.invitation}
      form={state.form}
      footer={footer}
      onGone={(message) => setState({ step: 'gone', message })}
    />
  );
}

function AcceptForm({
  token,
  invitation,
  form,
  footer,
  onGone,
}: {
  token: string;
  invitation: InvitationPreview;
  form: FormModule;
  footer: ReactNode;
  onGone: (message: string) => void;
}) {
  const { t } = useLingui();
  const action = useAction(acceptInvitation);
  // the form module (with the admin password rule) is already here: the preview waited for it
  const { errors, onSubmit, clear } = useSchemaForm(
    () => form.invitationForm,
    ({ password }) => void action.run({ token, password }),
  );
  const labels = invitation.roles.map((r) => form.ADMIN_ROLE_LABELS[r]);
  const names = labels.map((l) => l.label).join(', ');
  const min = PASSWORD_RULES.adminMin;
  // a link spent or expired meanwhile: the page says so, without the form
  useEffect(() => {
    if (action.error instanceof ApiError && action.error.status === 404) onGone(action.error.message);
  }, [action.error, onGone]);

  if (action.data)
    return <AdminDoneCard title={t`Password set`} message={action.data.message} email={invitation.email} />;

  return (
    <AuthCard
      title={t`Join the back-office`}
      subtitle={
        <Trans>
          You are invited as <span className="font-medium text-fg">{names}</span>.
        </Trans>
      }
      footer={footer}
    >
      <ul
        className="mb-5 flex flex-col gap-1.5 rounded-lg bg-subtle px-3 py-2.5 text-sm"
        aria-label={t`Your roles`}
      >
        {labels.map((l) => (
          <li key={l.label}>
            <span className="font-medium text-fg">{l.label}</span>
            <span className="text-muted"> · {l.covers}</span>
          </li>
        ))}
      </ul>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Choose a password`}>
        {action.error && !(action.error instanceof ApiError && action.error.status === 404) ? (
          <Banner tone="error">{errorMessage(action.error)}</Banner>
        ) : null}
        <Input
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="username"
          value={invitation.email}
          disabled
        />
        <Input
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={t`At least ${min} characters, not a common password`}
          error={errors.password}
          disabled={action.pending}
          onChange={() => clear('password')}
        />
        <Input
          label={t`Repeat password`}
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          disabled={action.pending}
          onChange={() => clear('confirm')}
        />
        <Button type="submit" busy={action.pending} className="w-full">
          <Trans>Set password</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
