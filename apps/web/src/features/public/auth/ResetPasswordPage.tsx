import { PASSWORD_MSG } from '@app/contracts/password-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../../api/auth-public';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { toastLater } from '../../../lib/toast-later';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { t } = useLingui();
  const action = useAction(resetPassword);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.resetForm,
    ({ token, password }) =>
      action.run({ token, password }, (data) => {
        toastLater.success(data.message);
        navigate('/login', { replace: true });
      }),
  );

  return (
    <AuthCard
      title={t`Choose a new password`}
      subtitle={t`The link in your email works once and for a limited time.`}
      footer={
        <Link to="/forgot-password" className={linkClass}>
          <Trans>Request a new link</Trans>
        </Link>
      }
    >
      {!token ? (
        <Banner tone="error">
          <Trans>This reset link is incomplete. Open the link from your email again.</Trans>
        </Banner>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
          {errors.token && (
            <Banner tone="error">
              <Trans>This reset link is not valid. Request a new one.</Trans>
            </Banner>
          )}
          <Input
            label={t`New password`}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            hint={PASSWORD_MSG.memberHint}
            error={errors.password}
            onChange={() => clear('password')}
          />
          <Input
            label={t`Repeat new password`}
            name="confirm"
            type="password"
            autoComplete="new-password"
            error={errors.confirm}
            onChange={() => clear('confirm')}
          />
          <Button type="submit" busy={action.pending} className="w-full">
            <Trans>Set new password</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
