import { lazy, Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { RouteBoundary } from './RouteBoundary';
import { routes } from './routes';
import { ScrollManager } from './ScrollManager';

/**
 * The toaster (its placement and dismissal) is fetched right after the first paint, outside the
 * public pages' JS budget: a toast raised before it arrives waits in react-hot-toast's store.
 */
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

function Routes() {
  return useRoutes(routes);
}

/**
 * BrowserRouter wraps navigations in React transitions: while the next page's chunk loads, the
 * current page stays on screen (with the progress bar) instead of flashing a spinner.
 */
export function App() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <RouteBoundary>
        <Routes />
      </RouteBoundary>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </BrowserRouter>
  );
}
