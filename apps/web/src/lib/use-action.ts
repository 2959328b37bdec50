import { useCallback, useRef, useState } from 'react';

interface ActionState<R> {
  pending: boolean;
  error: unknown;
  data: R | undefined;
}

/**
 * The state of one async call (pending, error, result) for the public pages, which do not load
 * TanStack Query. Ignores a second call while one is running (double submit).
 */
export function useAction<A, R>(fn: (arg: A) => Promise<R>) {
  const [state, setState] = useState<ActionState<R>>({ pending: false, error: null, data: undefined });
  const running = useRef(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const run = useCallback(async (arg: A, onSuccess?: (result: R) => void) => {
    if (running.current) return;
    running.current = true;
    setState({ pending: true, error: null, data: undefined });
    try {
      const data = await fnRef.current(arg);
      setState({ pending: false, error: null, data });
      onSuccess?.(data);
    } catch (error) {
      setState({ pending: false, error, data: undefined });
    } finally {
      running.current = false;
    }
  }, []);

  return { ...state, run };
}
