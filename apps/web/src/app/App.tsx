import { BrowserRouter, useRoutes } from 'react-router';
import { RouteBoundary } from './RouteBoundary';
import { routes } from './routes';
import { ScrollManager } from './ScrollManager';
import { Toasts } from './Toasts';

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
      <Toasts />
    </BrowserRouter>
  );
}
