/** The release, from the root package.json at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
