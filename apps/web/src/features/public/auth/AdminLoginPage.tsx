import { ShieldCheck } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { adminSignin } from '../../../api/auth-public';
import { useAdmin } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useReturnTo } from '../../../app/guards';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { useAction } from '../../../lib/use-action';
import { AuthCard, linkClass } from './AuthCard';
import { useSchemaForm } from './useSchemaForm';

export default function AdminLoginPage() {
  const admin = useAdmin();
  const returnTo = useReturnTo('/admin/dashboard');
  const navigate = useNavigate();
  const action = useAction(adminSignin);
  const { errors, onSubmit, clear } = useSchemaForm(
    (s) => s.signinBody,
    (body) => action.run(body, () => navigate(returnTo, { replace: true })),
  );

  if (admin && !action.pending && !action.data) return <Navigate to="/admin/dashboard" replace />;

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
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
    </AuthCard>
  );
}
