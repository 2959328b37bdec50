import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// before @lingui/vite-plugin loads: Lingui 6's CLI needs Node 22's fs.globSync (scripts/node20-glob.mjs)
import './scripts/node20-glob.mjs';

const { lingui } = await import('@lingui/vite-plugin');

/** The release (root package.json), shown in the admin footer as /healthz names it. */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // lingui: compiles the PO catalogs on import (src/i18n/catalogs.ts) and expands the Trans/t macros
  // natively (no Babel); a catalog message that does not compile fails the build.
  plugins: [lingui({ macroTransform: true, failOnCompileError: true }), react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/i18n/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    // The API runs separately in development; the browser only ever talks to /api on this origin.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-budgets.mjs reads the manifest to measure what a first visit loads.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'forms',
              test: /src\/(api\/(client|auth-public|settings-public)|lib\/use-action|components\/ui\/(Banner|Input)|features\/public\/auth\/(useSchemaForm|AuthCard|LazyClosedNotice))\.tsx?$|contracts\/dist\/password-rules/,
            },
          ],
        },
      },
    },
    modulePreload: {
      // The route table (in the entry chunk) lazy-loads every screen; by default each import()
      // carries the list of chunks to preload with it, which grows the entry by ~0.1 KB per
      // route and would push the public pages past their 100 KB budget. A screen's chunk
      // fetches its own imports when it runs instead (one more round trip, on first visit only).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
  },
});
