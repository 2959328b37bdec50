import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useNavigate } from 'react-router';
import { signin } from '../../../api/auth-public';
import { SIGNED_OUT, useAuthStore, useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { usePublicSettings } from '../../../api/settings-public';
import { useReturnTo } from '../../../app/return-to';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { ClosedNotice } from './LazyClosedNotice';
import { useSchemaForm } from './useSchemaForm';

export default function LoginPage() {
  const member = useMember();
  const { t } = useLingui();
  const returnTo = useReturnTo('/user/dashboard');
  const navigate = useNavigate();
  const site = usePublicSettings();
  const action = useAction(signin);
  // why the last session ended, when the server said (blocked: 'Access Denied...', spec 2.6/6);
  // replaced by the answer of this form once it is sent
  const ended = useAuthStore((s) => (s.message === SIGNED_OUT ? null : s.message));
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.signinBody,
    (body) => action.run(body, () => navigate(returnTo, { replace: true })),
  );

  // Already signed in (and not through this form just now): nothing to do here.
  if (member && !action.pending && !action.data) return <Navigate to="/user/dashboard" replace />;

  return (
    <AuthCard
      title={t`Sign in`}
      subtitle={t`Welcome back. Sign in with your email or username.`}
      footer={
        <Trans>
          New here?{' '}
          <Link to="/registration" className={linkClass}>
            Create an account
          </Link>
        </Trans>
      }
    >
      {site && !site.signin_open ? (
        <ClosedNotice settings={site} which="signin_open" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {action.error ? (
            <Banner tone="error">{errorMessage(action.error)}</Banner>
          ) : ended && !action.pending && !action.data ? (
            <Banner tone="error">{ended}</Banner>
          ) : null}
          <Input
            label={t`Email or username`}
            name="email"
            autoComplete="username"
            autoFocus
            error={errors.email}
            onChange={() => clear('email')}
          />
          <Input
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            onChange={() => clear('password')}
          />
          <div className="-mt-1 text-right text-sm">
            <Link to="/forgot-password" className={linkClass}>
              <Trans>Forgot password?</Trans>
            </Link>
          </div>
          <Button type="submit" busy={action.pending} className="w-full">
            <Trans>Sign in</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
