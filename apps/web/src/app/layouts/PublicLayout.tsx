import { Link, Outlet } from 'react-router';
import { useMember } from '../../api/auth-store';
import { buttonClass } from '../../components/ui/Button';
import { RouteBoundary } from '../RouteBoundary';
import { Logo } from './Logo';
import { NavigationProgress } from './NavigationProgress';
import { ThemeToggle } from './ThemeToggle';

/** Header and footer of the public pages. Kept in the entry chunk: it is on every first visit. */
export function PublicLayout() {
  const member = useMember();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <NavigationProgress />
      <header className="border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Logo />
          <nav aria-label="Account" className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {member ? (
              <Link to="/user/dashboard" className={buttonClass('primary', 'sm')}>
                Dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className={buttonClass('ghost', 'sm')}>
                  Sign in
                </Link>
                <Link to="/registration" className={buttonClass('primary', 'sm')}>
                  Create account
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
          <p>© {new Date().getFullYear()} EarnHub. Crypto assets carry risk; earnings are not guaranteed.</p>
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/privacy" className="hover:text-fg hover:underline">
              Privacy
            </Link>
            <Link to="/terms" className="hover:text-fg hover:underline">
              Terms
            </Link>
            <Link to="/admin-login" className="hover:text-fg hover:underline">
              Admin
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
