import { SEARCH_DEBOUNCE_MS } from '@app/contracts/client';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A list's search box: the box follows every key, `apply` (usually writing `search` into the
 * address, which fetches) runs once typing pauses.
 *
 * A pause that ends after the visitor has left the page applies nothing. Leaving changes the address
 * at once, but this page stays on screen (mounted, its timer alive) while the next page's code
 * loads; applying then would write the search into the address of this page, that is, navigate back
 * here. That is how an admin who opened a ticket right after typing in the ticket search found
 * themself on the list again.
 */
export function useDebouncedSearch(initial: string, apply: (text: string) => void) {
  const { pathname } = useLocation();
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (window.location.pathname === pathname) apply(value.trim());
    }, SEARCH_DEBOUNCE_MS);
  };
  return { text, setText, onSearch };
}
