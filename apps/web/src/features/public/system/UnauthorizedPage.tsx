import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { buttonClass } from '../../../components/ui/Button';

export default function UnauthorizedPage() {
  const member = useMember();
  const { t } = useLingui();
  // where the admin guard stopped this visitor: signing in to the back-office returns there
  const { state } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <title>{t`Not allowed · EarnHub`}</title>
      <span className="grid size-12 place-items-center rounded-full bg-amber-50 text-amber-700 dark:bg-amber-500/10 dark:text-amber-300">
        <ShieldX className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold text-fg">
        <Trans>You are not allowed to see this page</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>
          This part of the site is for administrators. If you run the platform, sign in on the back-office
          sign-in page.
        </Trans>
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={member ? '/user/dashboard' : '/'} className={buttonClass('primary')}>
          {member ? <Trans>Back to my dashboard</Trans> : <Trans>Go home</Trans>}
        </Link>
        <Link to="/admin-login" state={state} className={buttonClass('secondary')}>
          <Trans>Back-office sign in</Trans>
        </Link>
      </div>
    </div>
  );
}
