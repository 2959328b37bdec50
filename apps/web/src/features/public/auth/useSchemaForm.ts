import { type FormEvent, useEffect, useState } from 'react';
import type { ZodType } from 'zod';

type Schemas = typeof import('./schemas');
const loadSchemas = (): Promise<Schemas> => import('./schemas');

export type FieldErrors = Partial<Record<string, string>>;

/**
 * A small form helper for the public pages: reads the form's fields, validates them with a contract
 * schema (loaded in the background right after the page paints, see schemas.ts), shows the first
 * message per field, and hands the parsed value to `onValid`. The signed-in areas use
 * react-hook-form + zodResolver instead; the public pages cannot carry them in their budget.
 */
export function useSchemaForm<T>(pick: (schemas: Schemas) => ZodType<T>, onValid: (value: T) => void) {
  const [errors, setErrors] = useState<FieldErrors>({});

  // Fetch the validation chunk while the visitor is still reading, so submitting never waits on it.
  useEffect(() => {
    const timer = setTimeout(() => void loadSchemas(), 0);
    return () => clearTimeout(timer);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const schema = pick(await loadSchemas());
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      onValid(result.data);
      return;
    }
    const next: FieldErrors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      next[key] ??= issue.message;
    }
    setErrors(next);
    const first = Object.keys(next)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };

  /** Clears a field's message as soon as it is edited. */
  const clear = (name: string) => setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));

  return { errors, onSubmit, clear };
}
