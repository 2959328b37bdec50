import type { AdminEmailLinkPreview } from '@app/contracts/admins';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { confirmEmailLink, previewEmailLink } from '../../../api/admin-invitations';
import { ApiError, errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { useAction } from '../../../lib/use-action';
import { AdminDoneCard } from './AdminDoneCard';
import { AuthCard, linkClass } from './AuthCard';

type State =
  | { step: 'loading' }
  | { step: 'gone'; message: string }
  | { step: 'open'; change: AdminEmailLinkPreview };

/**
 * /admin-email/{token}: the link an owner's e-mail change of an admin sends to the new address
 * (issue 37.5). Opening it shows the change; the button makes it (a mail scanner that opens links
 * changes nothing). A used, replaced or expired link shows the server's message.
 */
export default function AdminEmailLinkPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const [state, setState] = useState<State>({ step: 'loading' });
  const action = useAction(confirmEmailLink);

  useEffect(() => {
    let live = true;
    previewEmailLink(token).then(
      (change) => live && setState({ step: 'open', change }),
      (error: unknown) => live && setState({ step: 'gone', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const footer = (
    <Link to="/admin-login" className={linkClass}>
      <Trans>Back-office sign in</Trans>
    </Link>
  );
  const title = t`Confirm the new address`;

  if (state.step === 'loading')
    return (
      <AuthCard title={title} footer={footer}>
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner label={t`Checking the link`} /> <Trans>Checking the link…</Trans>
        </p>
      </AuthCard>
    );
  const gone =
    state.step === 'gone'
      ? state.message
      : action.error instanceof ApiError && action.error.status === 404
        ? action.error.message
        : null;
  if (gone !== null || state.step !== 'open')
    return (
      <AuthCard title={title} footer={footer}>
        <Banner tone="error">{gone}</Banner>
      </AuthCard>
    );
  const { change } = state;
  const requester = change.requested_by;
  if (action.data)
    return (
      <AdminDoneCard title={t`Address changed`} message={action.data.message} email={change.new_email} />
    );
  return (
    <AuthCard
      title={title}
      subtitle={<Trans>{requester} asked to change the address of a back-office account.</Trans>}
      footer={footer}
    >
      <dl className="mb-5 flex flex-col gap-2 rounded-lg bg-subtle px-3 py-2.5 text-sm">
        <div>
          <dt className="text-muted">
            <Trans>Account</Trans>
          </dt>
          <dd className="font-medium text-fg">{change.fullname}</dd>
        </div>
        <div>
          <dt className="text-muted">
            <Trans>Signs in now as</Trans>
          </dt>
          <dd className="break-all text-fg">{change.email}</dd>
        </div>
        <div>
          <dt className="text-muted">
            <Trans>Will sign in as</Trans>
          </dt>
          <dd className="font-medium break-all text-fg" data-testid="new-email">
            {change.new_email}
          </dd>
        </div>
      </dl>
      {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
      <Button className="mt-4 w-full" busy={action.pending} onClick={() => void action.run(token)}>
        <Trans>Confirm the new address</Trans>
      </Button>
      <p className="mt-3 text-xs text-muted">
        <Trans>If you did not expect this, close the page: nothing changes.</Trans>
      </p>
    </AuthCard>
  );
}
