import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet } from 'react-router';
import { useMember } from '../../api/auth-store';
import { buttonClass } from '../../components/ui/Button';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { RouteBoundary } from '../RouteBoundary';
import { Logo } from './Logo';
import { NavigationProgress } from './NavigationProgress';
import { ThemeToggle } from './ThemeToggle';

/** Header and footer of the public pages. Kept in the entry chunk: it is on every first visit. */
export function PublicLayout() {
  const member = useMember();
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <NavigationProgress />
      <header className="border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Logo />
          <nav aria-label={t`Account`} className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
            <LanguagePicker />
            <ThemeToggle />
            {member ? (
              <Link to="/user/dashboard" className={buttonClass('primary', 'sm')}>
                <Trans>Dashboard</Trans>
              </Link>
            ) : (
              <>
                <Link to="/login" className={buttonClass('ghost', 'sm')}>
                  <Trans>Sign in</Trans>
                </Link>
                {/* on phones the page itself offers registration: the header keeps room for the language */}
                <Link to="/registration" className={buttonClass('primary', 'sm', 'max-sm:hidden')}>
                  <Trans>Create account</Trans>
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            <Trans>© {year} EarnHub. Crypto assets carry risk; earnings are not guaranteed.</Trans>
          </p>
          <nav aria-label={t`Legal`} className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to="/privacy" className="hover:text-fg hover:underline">
              <Trans>Privacy</Trans>
            </Link>
            <Link to="/terms" className="hover:text-fg hover:underline">
              <Trans>Terms</Trans>
            </Link>
            <Link to="/admin-login" className="hover:text-fg hover:underline">
              <Trans>Admin</Trans>
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
