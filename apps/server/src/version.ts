import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The release: the repository's package version (root package.json), read once. The same file sits
 * three levels above this one in `src` (tsx) and in `dist` (the build). Shown by /healthz and in the
 * admin footer, so an operator can tell which release answers.
 */
export const VERSION: string = (() => {
  const file = path.resolve(import.meta.dirname, '../../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
})();
