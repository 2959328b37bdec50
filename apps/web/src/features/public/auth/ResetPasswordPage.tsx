import { PASSWORD_MSG } from '@app/contracts/password-rules';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../../api/auth-public';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const action = useAction(resetPassword);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.resetForm,
    ({ token, password }) =>
      action.run({ token, password }, (data) => {
        toast.success(data.message);
        navigate('/login', { replace: true });
      }),
  );

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="The link in your email works once and for a limited time."
      footer={
        <Link to="/forgot-password" className={linkClass}>
          Request a new link
        </Link>
      }
    >
      {!token ? (
        <Banner tone="error">This reset link is incomplete. Open the link from your email again.</Banner>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
          {errors.token && <Banner tone="error">This reset link is not valid. Request a new one.</Banner>}
          <Input
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            hint={PASSWORD_MSG.memberHint}
            error={errors.password}
            onChange={() => clear('password')}
          />
          <Input
            label="Repeat new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            error={errors.confirm}
            onChange={() => clear('confirm')}
          />
          <Button type="submit" busy={action.pending} className="w-full">
            Set new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
