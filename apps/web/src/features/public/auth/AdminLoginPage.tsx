import { ACCOUNT_MSG, TRUSTED_BROWSER_HOURS } from '@app/contracts/account-messages';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminSignin, adminSigninTotp } from '../../../api/auth-public';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useReturnTo } from '../../../app/guards';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

const ADMIN_HOME = '/admin/dashboard';

/** The return address as a person reads it (an e-mail in a search shows its @). */
function readable(path: string) {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export default function AdminLoginPage() {
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

  if (admin && !action.pending && !action.data) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard
      title="Back-office sign in"
      subtitle={
        <span className="inline-flex items-start gap-1.5">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> Admin sessions stay in this
          tab only and end when it is reloaded or closed.
        </span>
      }
      footer={
        <>
          Not an administrator?{' '}
          <Link to="/login" className={linkClass}>
            Member sign in
          </Link>
        </>
      }
    >
      {step ? (
        <CodeStep
          ticket={step.ticket}
          login={step.login}
          onDone={() => navigate(returnTo, { replace: true })}
          onRestart={() => setStep(null)}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {/* a reload or a new tab ends the admin session (spec section 3): say that nothing is lost */}
          {returnTo !== ADMIN_HOME && (
            <p className="rounded-lg bg-subtle px-3 py-2 text-sm text-muted" data-testid="return-to">
              After signing in you go back to{' '}
              <span className="font-mono text-fg break-all">{readable(returnTo)}</span>
            </p>
          )}
          {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
          <Input
            label="Email"
            name="email"
            autoComplete="username"
            autoFocus
            error={errors.email}
            onChange={() => clear('email')}
          />
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
            onChange={() => clear('password')}
          />
          <Button type="submit" busy={action.pending} className="w-full">
            Sign in to back-office
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

/**
 * The second step: a code from the authenticator app, or one of the recovery codes; optionally,
 * this browser is trusted for 12 hours (the next sign-ins of this login skip this step).
 */
function CodeStep({
  ticket,
  login,
  onDone,
  onRestart,
}: {
  ticket: string;
  login: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const action = useAction(adminSigninTotp);
  const [trust, setTrust] = useState(false);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.adminTotpCodeForm,
    ({ code }) => action.run({ ticket, code, login, ...(trust ? { trust_browser: true } : {}) }, onDone),
  );
  const failure = action.error ? errorMessage(action.error) : null;
  // a code of the step just used (right after turning 2FA on) is about the field: wait for the next one
  const codeUsed = failure === ACCOUNT_MSG.totpCodeUsed;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Two-factor authentication"
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted">
        Enter the 6-digit code from your authenticator app. Lost your phone? Use one of your recovery codes.
      </p>
      {failure && !codeUsed ? <Banner tone="error">{failure}</Banner> : null}
      <Input
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        maxLength={40}
        error={errors.code ?? (codeUsed ? failure : undefined)}
        onChange={() => clear('code')}
      />
      <Checkbox
        label={`Trust this browser for ${TRUSTED_BROWSER_HOURS} hours`}
        hint="Sign-ins here skip this step until then. Not on a shared computer."
        checked={trust}
        onChange={(e) => setTrust(e.target.checked)}
      />
      <Button type="submit" busy={action.pending} className="w-full">
        Verify and sign in
      </Button>
      <button type="button" onClick={onRestart} className={`${linkClass} self-center text-sm`}>
        Use another account
      </button>
    </form>
  );
}
