/**
 * Issue 37.22: `npm install` decides each dependency's install script in package.json's
 * `allowScripts` (true: runs, false: reviewed and skipped), so an install never ends with the
 * "install scripts not yet covered by allowScripts" warning. This reads the lock file as npm does:
 * every package it installs with an install script (those bundled inside another package are not
 * installed by npm and never run) must have an entry.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

describe('install scripts', () => {
  it('are each approved or denied in allowScripts', () => {
    const allow: Record<string, boolean> = read('package.json').allowScripts;
    const lock: { packages: Record<string, { hasInstallScript?: boolean; inBundle?: boolean }> } =
      read('package-lock.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([where, p]) => where && p.hasInstallScript && !p.inBundle)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect([...new Set(withScripts)].filter((name) => !(name in allow))).toEqual([]);
  });
});
