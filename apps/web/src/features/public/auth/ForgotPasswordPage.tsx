import { SPEC_TEXT } from '@app/contracts/messages';
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
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.passForgetBody,
    (body) => action.run(body),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {action.data && <Banner tone="success">{action.data.message}</Banner>}
        {/* Spec 8: any failure of this call reads the same. */}
        {action.error ? <Banner tone="error">{SPEC_TEXT.forgotPasswordFailure}</Banner> : null}
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email}
          onChange={() => clear('email')}
        />
        <Button type="submit" busy={action.pending} className="w-full">
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
