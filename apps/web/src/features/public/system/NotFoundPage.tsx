import { Trans, useLingui } from '@lingui/react/macro';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';

export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <title>{t`Page not found · EarnHub`}</title>
      <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent-text">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-4 text-sm font-semibold text-accent-text">404</p>
      <h1 className="mt-1 text-2xl font-semibold text-fg">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>The address may be mistyped, or the page has moved.</Trans>
      </p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        <Trans>Go home</Trans>
      </Link>
    </div>
  );
}
