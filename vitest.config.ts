import { defineConfig } from 'vitest/config';
import { budget } from './apps/server/test/load-budget';
// Lingui 6's tools need Node 22's fs.globSync: the shim loads before the plugin (apps/web/vite.config.ts)
import './apps/web/scripts/node20-glob.mjs';

// the web app's message macros (msg`...`) expand in unit tests as in the build
const { lingui } = await import('@lingui/vite-plugin');

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [lingui({ macroTransform: true, cwd: 'apps/web' })],
        test: {
          name: 'unit',
          include: [
            'packages/contracts/test/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/test/unit/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // one fresh database per test file, cloned from a migrated template
          pool: 'forks',
          // 30 s and 60 s on an idle machine, stretched by the load at the start of the run (issue 37.23)
          testTimeout: budget(30_000),
          hookTimeout: budget(60_000),
          // servers that tests start take no scheduled backup unless a test asks (backup tests do)
          env: { BACKUP_TIME: 'off' },
        },
      },
    ],
  },
});
