import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { forgotPassword } from '../../../api/auth-public';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

export default function ForgotPasswordPage() {
  const action = useAction(forgotPassword);
  const { t } = useLingui();
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (action.error) void import('./schemas').then((m) => setFailure(m.forgotPasswordFailure));
  }, [action.error]);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.passForgetBody,
    (body) => action.run(body),
  );

  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={t`Enter the email of your account and we will send you a link to choose a new password.`}
      footer={
        <Link to="/login" className={linkClass}>
          <Trans>Back to sign in</Trans>
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {action.data && <Banner tone="success">{action.data.message}</Banner>}
        {/* Spec 8: any failure of this call reads the same. */}
        {action.error && failure ? <Banner tone="error">{failure}</Banner> : null}
        <Input
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email}
          onChange={() => clear('email')}
        />
        <Button type="submit" busy={action.pending} className="w-full">
          <Trans>Send reset link</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
