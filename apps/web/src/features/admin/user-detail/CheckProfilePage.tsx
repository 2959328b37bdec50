import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams } from 'react-router';
import { useAdminMay } from '../../../api/admin-me';
import { errorMessage } from '../../../api/client';
import { useAdminUpdateUser, useDeleteUser, useUser } from '../../../api/users';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageSpinner } from '../../../components/ui/Spinner';
import { STATUS_LABEL } from '../../../lib/user-labels';
import { useTimedBanner } from '../../../lib/useTimedBanner';
import { AdjustWalletCard } from './AdjustWalletCard';
import { type AdminUpdate, EditableDetailsForm } from './EditableDetailsForm';
import { MemberLedger } from './MemberLedger';
import { UserFacts } from './UserFacts';
import { VerifyEmailButton } from './VerifyEmailButton';

/** Spec 2.2: one member's facts, the Editable Details form, and deletion. */
export default function CheckProfilePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data: user, isPending, error } = useUser(id, 'admin');
  const update = useAdminUpdateUser();
  const remove = useDeleteUser();
  // members are support's to change, admin accounts owners' (the server decides the same)
  const mayEdit = useAdminMay(user?.role === 'admin' ? 'owner' : 'support', true, true);
  const mayAskMoney = useAdminMay('finance');
  // Two places: what Delete answers shows under the page's header, where its button is; what Save
  // answers shows next to Save Changes (issue 14.5: far above it, the admin never saw it).
  const { banner, show } = useTimedBanner();
  const saved = useTimedBanner();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { t } = useLingui();

  const save = (body: AdminUpdate) =>
    update.mutate(
      { id, body },
      {
        onSuccess: (data) => saved.show('success', data.message),
        onError: (err) => saved.show('error', errorMessage(err)),
      },
    );

  const deleteUser = () =>
    remove.mutate(id, {
      onSuccess: (data) => {
        toast.success(data.message);
        navigate('/admin/users', { replace: true });
      },
      onError: (err) => {
        setConfirmDelete(false);
        show('error', errorMessage(err));
      },
    });

  const back = (
    <Link
      to="/admin/users"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Users</Trans>
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0)
    return (
      <Banner tone="error">
        <Trans>This address does not name a user.</Trans>
      </Banner>
    );
  if (isPending) return <PageSpinner label={t`Loading user`} />;
  if (error || !user)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Banner tone="error">{errorMessage(error)}</Banner>
      </div>
    );

  const { username, email, id: userId } = user;
  return (
    <div className="flex flex-col gap-6">
      <title>{t`${username} · EarnHub admin`}</title>
      <div className="flex flex-col gap-3">
        {back}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-fg">
              {user.fullname || user.username}
              <Badge tone={STATUS_LABEL[user.status].tone}>{STATUS_LABEL[user.status].text}</Badge>
              {user.role === 'admin' && (
                <Badge tone="accent">
                  <Trans context="role">admin</Trans>
                </Badge>
              )}
            </h1>
            <p className="mt-1 text-sm text-muted">
              <Trans>
                {username} · {email} · id {userId}
              </Trans>
            </p>
          </div>
          {mayEdit && (
            <div className="flex flex-wrap gap-2">
              <VerifyEmailButton user={user} />
              <Button
                variant="danger"
                onClick={() => setConfirmDelete(true)}
                disabled={user.role === 'admin'}
              >
                <Trash2 className="size-4" aria-hidden="true" /> <Trans>Delete user</Trans>
              </Button>
            </div>
          )}
        </div>
      </div>

      {/* The banner sits in an always-present live region so screen readers hear it appear. */}
      <div aria-live="polite" className="empty:hidden" data-testid="banner-area">
        {banner && (
          <Banner key={banner.at} tone={banner.tone}>
            {banner.text}
          </Banner>
        )}
      </div>

      <UserFacts user={user} />
      <EditableDetailsForm
        key={user.updated_at}
        user={user}
        saving={update.isPending}
        onSave={save}
        readOnly={
          mayEdit
            ? null
            : user.role === 'admin'
              ? t`Read only: changing an admin account is an owner's work.`
              : t`Read only: changing a member is support's work.`
        }
        feedback={
          saved.banner && (
            <Banner key={saved.banner.at} tone={saved.banner.tone}>
              {saved.banner.text}
            </Banner>
          )
        }
      />
      {user.role === 'user' && mayAskMoney && <AdjustWalletCard user={user} />}
      <MemberLedger userId={user.id} />

      <ConfirmDialog
        open={confirmDelete}
        title={t`Delete this user?`}
        description={t`${username} (${email}) will be removed for good. Members with money history or a team cannot be deleted: block them instead.`}
        confirmLabel={t`Delete`}
        danger
        busy={remove.isPending}
        onConfirm={deleteUser}
        onCancel={() => setConfirmDelete(false)}
      />
    </div>
  );
}
