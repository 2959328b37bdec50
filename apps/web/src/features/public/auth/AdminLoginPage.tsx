import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminSignin } from '../../../api/auth-public';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useReturnTo } from '../../../app/return-to';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { withArea } from '../../../i18n';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

const ADMIN_HOME = '/admin/dashboard';

// The code step shows only after the password step of an admin with 2FA: loaded then (fetched in the
// background after the page paints), so the first visit stays within its budget (UI.md). Its words are
// in the back-office's catalog, fetched with it (this page's own catalog holds only the form's).
const loadCodeStep = withArea('admin', () => import('./AdminCodeStep'));
const CodeStep = lazy(loadCodeStep);

/** The return address as a person reads it (an e-mail in a search shows its @). */
function readable(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export default function AdminLoginPage() {
  const { t } = useLingui();
  const admin = useAdmin();
  const returnTo = useReturnTo(ADMIN_HOME);
  const navigate = useNavigate();
  const action = useAction(adminSignin);
  // with two-factor authentication on, the password step answers a ticket for the code step
  const [step, setStep] = useState<{ ticket: string; login: string } | null>(null);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.signinBody,
    (body) =>
      action.run(body, (data) => {
        if ('ticket' in data) setStep({ ticket: data.ticket, login: body.email });
        else navigate(returnTo, { replace: true });
      }),
  );

  useEffect(() => {
    const timer = setTimeout(() => void loadCodeStep(), 0);
    return () => clearTimeout(timer);
  }, []);

  if (admin && !action.pending && !action.data) return <Navigate to={returnTo} replace />;
  const back = readable(returnTo);

  return (
    <AuthCard
      title={t`Back-office sign in`}
      subtitle={
        <span className="inline-flex items-start gap-1.5">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <Trans>Admin sessions stay in this tab only and end when it is reloaded or closed.</Trans>
        </span>
      }
      footer={
        <Trans>
          Not an administrator?{' '}
          <Link to="/login" className={linkClass}>
            Member sign in
          </Link>
        </Trans>
      }
    >
      {step ? (
        <Suspense fallback={<Spinner label={t`Loading`} />}>
          <CodeStep
            ticket={step.ticket}
            login={step.login}
            onDone={() => navigate(returnTo, { replace: true })}
            onRestart={() => setStep(null)}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {/* a reload or a new tab ends the admin session (spec section 3): say that nothing is lost */}
          {returnTo !== ADMIN_HOME && (
            <p className="rounded-lg bg-subtle px-3 py-2 text-sm text-muted" data-testid="return-to">
              <Trans>
                After signing in you go back to <span className="font-mono text-fg break-all">{back}</span>
              </Trans>
            </p>
          )}
          {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
          {/* an admin signs in with either, as a member does; the refusal names both (MSG.invalidCredentials) */}
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
          <Button type="submit" busy={action.pending} className="w-full">
            <Trans>Sign in to back-office</Trans>
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
