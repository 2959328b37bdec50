import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/Button';
import { PageSpinner } from '../components/ui/Spinner';
import { clearReloadFlag } from './lazy-page';

/** Error fallback page (spec 2.1): a page threw while rendering, or its code failed to load twice. */
export function ErrorFallback({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
        <TriangleAlert className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-semibold text-fg">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>
          This page could not be shown. Reloading usually fixes it; if it does not, try again in a few
          minutes.
        </Trans>
      </p>
      {detail && (
        <p className="mt-3 max-w-full rounded-md bg-subtle px-3 py-2 font-mono text-xs break-words text-muted">
          {detail}
        </p>
      )}
      <div className="mt-6 flex gap-3">
        <Button
          onClick={() => {
            clearReloadFlag();
            window.location.reload();
          }}
        >
          <Trans>Reload</Trans>
        </Button>
        <a
          href="/"
          className="inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-medium text-fg hover:bg-subtle"
        >
          <Trans>Go home</Trans>
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** When it changes (the visitor went to another page), a shown error is cleared. */
  resetKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}

/**
 * Wraps routed content: a spinner while its chunk first loads (later navigations are transitions and
 * keep the current page instead), the error page if it throws; moving to another page clears it.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
