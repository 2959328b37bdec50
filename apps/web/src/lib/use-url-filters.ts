import { useSearchParams } from 'react-router';

/**
 * List filters kept in the address (as on the users screen), so reloading or coming back shows the
 * same page of results. `update` drops empty values and page 1, and replaces the history entry.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );

  /** A parameter that must be one of `values`, else undefined. */
  function oneOf<V extends string>(key: string, values: readonly V[]): V | undefined {
    const value = params.get(key);
    return (values as readonly string[]).includes(value ?? '') ? (value as V) : undefined;
  }

  return { params, page, update, oneOf };
}
