import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner';
import { buttonClass } from '../../../components/ui/Button';
import { AuthCard } from './AuthCard';

/**
 * The end of a back-office link (an invitation accepted, an address change confirmed): the
 * server's answer, the address the admin signs in with from now on, and the way to the sign-in.
 */
export function AdminDoneCard({ title, message, email }: { title: string; message: string; email: string }) {
  return (
    <AuthCard title={title} footer={null}>
      <div className="flex flex-col gap-4">
        <Banner tone="success">{message}</Banner>
        <p className="text-sm text-muted">
          <Trans>
            Your sign-in e-mail: <span className="font-medium break-all text-fg">{email}</span>
          </Trans>
        </p>
        <Link to="/admin-login" className={buttonClass('primary', 'md', 'w-full')}>
          <Trans>Go to back-office sign in</Trans>
        </Link>
      </div>
    </AuthCard>
  );
}
