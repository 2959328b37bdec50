import { Trans, useLingui } from '@lingui/react/macro';
import { LogOut, Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Link, matchPath, Outlet, useLocation } from 'react-router';
import { Banner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import type { NavItem } from '../nav';
import { RouteBoundary } from '../RouteBoundary';
import { Logo } from './Logo';
import { NavigationProgress } from './NavigationProgress';
import { ThemeToggle } from './ThemeToggle';

interface AppShellProps {
  area: 'Member' | 'Admin';
  nav: NavItem[];
  /** Fills `:id` placeholders of nav paths. */
  memberId?: number;
  home: string;
  who: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
  /** Extra header controls before the theme switch (the member area's notification bell). */
  actions?: ReactNode;
  /** Shown instead of the page when the signed-in user may not open it (an admin's roles). */
  refusal?: string | null;
  /** A line under every page (the admin area names the release). */
  footer?: ReactNode;
  /** Above every page while it applies (the member's paused withdrawals after an account change). */
  notice?: ReactNode;
}

function NavList({
  nav,
  memberId,
  onNavigate,
}: {
  nav: NavItem[];
  memberId?: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  const pathOf = (to: string) => to.replace(':id', String(memberId ?? ''));
  // the entry's own page and what is below it (as NavLink does), and the pages reached from it
  const isActive = (to: string, also: string[] = []) =>
    [to, ...also].some((path) => matchPath({ path, end: false }, pathname) !== null);
  return (
    <ul className="flex flex-col gap-0.5">
      {nav.map(({ label: text, to, icon: Icon, soon, also }) => {
        const label = typeof text === 'string' ? text : i18n._(text);
        return (
          <li key={to}>
            {soon ? (
              // Not a link: a section that does not exist yet must not lead to a not-found page.
              <span
                aria-disabled="true"
                className="flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2 text-sm text-muted/80"
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="flex-1 leading-tight">{label}</span>
                <span className="rounded-full bg-subtle px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-muted uppercase">
                  <Trans>Soon</Trans>
                </span>
              </span>
            ) : (
              <Link
                to={pathOf(to)}
                onClick={onNavigate}
                aria-current={isActive(pathOf(to), also) ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive(pathOf(to), also) ? 'bg-accent-soft text-accent-text' : 'text-fg hover:bg-subtle',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                <span className="leading-tight">{label}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Sidebar + header frame shared by the member area and the back-office; the sidebar is a drawer below lg. */
export function AppShell({
  area,
  nav,
  memberId,
  home,
  who,
  onSignOut,
  signingOut,
  actions,
  refusal,
  footer,
  notice,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { t } = useLingui();
  const navLabel = area === 'Member' ? t`Member navigation` : t`Admin navigation`;

  return (
    <div className="min-h-dvh bg-canvas">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-[70] focus:rounded-md focus:bg-surface focus:px-3 focus:py-2"
      >
        <Trans>Skip to content</Trans>
      </a>

      <aside className="fixed inset-y-0 start-0 hidden w-64 flex-col border-e border-line bg-surface lg:flex">
        <div className="flex h-16 items-center px-5">
          <Logo to={home} />
        </div>
        <nav aria-label={navLabel} className="flex-1 overflow-y-auto px-3 pb-6">
          <NavList nav={nav} memberId={memberId} />
        </nav>
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 lg:hidden" />
          <Dialog.Content
            data-testid="nav-drawer"
            className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl focus:outline-none lg:hidden"
          >
            <div className="flex h-16 items-center justify-between px-5">
              <Logo to={home} />
              <Dialog.Close
                className="rounded-lg p-2 text-muted hover:bg-subtle hover:text-fg"
                aria-label={t`Close menu`}
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Title className="sr-only">{navLabel}</Dialog.Title>
            <Dialog.Description className="sr-only">
              {area === 'Member' ? (
                <Trans>Sections of the member area</Trans>
              ) : (
                <Trans>Sections of the admin area</Trans>
              )}
            </Dialog.Description>
            <nav aria-label={navLabel} className="flex-1 overflow-y-auto px-3 pb-6">
              <NavList nav={nav} memberId={memberId} onNavigate={() => setDrawerOpen(false)} />
            </nav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="lg:ps-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="-ms-2 rounded-lg p-2 text-fg hover:bg-subtle lg:hidden"
            aria-label={t`Open menu`}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <div className="lg:hidden">
            <Logo to={home} />
          </div>
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            <span className="hidden text-sm text-muted sm:block">{who}</span>
            {actions}
            <ThemeToggle />
            <Button variant="ghost" size="sm" onClick={onSignOut} busy={signingOut}>
              {!signingOut && <LogOut className="size-4" aria-hidden="true" />}
              {/* a phone shows the icon only (the name stays for screen readers): room for longer words */}
              <span className="max-sm:sr-only">
                <Trans>Sign out</Trans>
              </span>
            </Button>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
          {notice}
          <RouteBoundary>{refusal ? <Banner tone="notice">{refusal}</Banner> : <Outlet />}</RouteBoundary>
        </main>
        {footer && (
          <footer className="mx-auto w-full max-w-6xl px-4 pb-6 text-xs text-muted sm:px-6">{footer}</footer>
        )}
      </div>
    </div>
  );
}
