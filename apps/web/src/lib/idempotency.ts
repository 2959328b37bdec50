import { useMemo, useRef } from 'react';

/** A random key; crypto.randomUUID needs a secure context, so plain http falls back to random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * One Idempotency-Key per form submission. Sending the same body again (a retry after an error or a
 * lost answer) reuses the key, so the server can never apply it twice; a changed body gets a new key,
 * and `done()` after a success makes the next submission a new one even with the same values.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; body: string } | null>(null);
  return useMemo(
    () => ({
      for(body: unknown): string {
        const text = JSON.stringify(body);
        if (current.current?.body !== text) current.current = { key: newIdempotencyKey(), body: text };
        return current.current.key;
      },
      done() {
        current.current = null;
      },
    }),
    [],
  );
}
