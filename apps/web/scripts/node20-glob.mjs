/**
 * Lingui 6's CLI (used by `npm run i18n:extract`, scripts/i18n-check.mjs and @lingui/vite-plugin)
 * imports `globSync` from node:fs, which Node 22 has and the Node 20 of this project's machines does
 * not. Imported first (`node --import`, or vite.config.ts), this module rewrites that one import in
 * @lingui/cli's files to the same function built on tinyglobby (Vite's own glob library). Remove it
 * when the project moves to Node 22.
 */
import fs from 'node:fs';
import { register } from 'node:module';

if (typeof fs.globSync !== 'function') {
  register('./node20-glob-hooks.mjs', import.meta.url);
}
