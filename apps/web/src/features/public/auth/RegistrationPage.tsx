import { PASSWORD_MSG } from '@app/contracts/password-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { register } from '../../../api/auth-public';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { usePublicSettings } from '../../../api/settings-public';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { toastLater } from '../../../lib/toast-later';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { ClosedNotice } from './LazyClosedNotice';
import { useSchemaForm } from './useSchemaForm';

export default function RegistrationPage() {
  const member = useMember();
  const { t } = useLingui();
  const [params] = useSearchParams();
  // A referral link is /registration?ref=CODE: the sponsor code is filled in for the visitor.
  const ref = params.get('ref')?.trim() ?? '';
  const navigate = useNavigate();
  const site = usePublicSettings();
  const action = useAction(register);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.registerBody,
    (body) =>
      action.run({ ...body, reffer_by: body.reffer_by || undefined }, (data) => {
        toastLater.success(data.message);
        navigate('/user/dashboard', { replace: true });
      }),
  );

  if (member && !action.pending && !action.data) return <Navigate to="/user/dashboard" replace />;

  const field = (name: string) => ({ name, error: errors[name], onChange: () => clear(name) });

  return (
    <AuthCard
      title={t`Create your account`}
      subtitle={t`It takes a minute. You can verify your email from your profile afterwards.`}
      footer={
        <Trans>
          Already a member?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </Trans>
      }
    >
      {site && !site.registration_open ? (
        <ClosedNotice settings={site} which="registration_open" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {action.error ? <Banner tone="error">{errorMessage(action.error)}</Banner> : null}
          <Input label={t`Full name`} autoComplete="name" {...field('fullname')} />
          <Input label={t`Email`} type="email" autoComplete="email" {...field('email')} />
          <Input
            label={t`Phone`}
            type="tel"
            autoComplete="tel"
            hint={t`With the country code, e.g. +44 7700 900123`}
            {...field('phone')}
          />
          <Input
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_MSG.memberHint}
            {...field('password')}
          />
          <Input
            label={t`Sponsor referral code`}
            autoComplete="off"
            defaultValue={ref}
            hint={ref ? t`Filled in from your invitation link` : t`The code of the member who invited you`}
            {...field('reffer_by')}
          />
          <Button type="submit" busy={action.pending} className="w-full">
            <Trans>Create account</Trans>
          </Button>
          <p className="text-xs text-muted">
            <Trans>
              By creating an account you accept the{' '}
              <Link to="/terms" className={linkClass}>
                terms
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className={linkClass}>
                privacy policy
              </Link>
              .
            </Trans>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
