import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The release (root package.json), shown in the admin footer as /healthz names it. */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(version) },
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
    modulePreload: {
      // The route table (in the entry chunk) lazy-loads every screen; by default each import()
      // carries the list of chunks to preload with it, which grows the entry by ~0.1 KB per
      // route and would push the public pages past their 100 KB budget. A screen's chunk
      // fetches its own imports when it runs instead (one more round trip, on first visit only).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
  },
});
