import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
