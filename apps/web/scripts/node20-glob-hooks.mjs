/**
 * Module hooks of node20-glob.mjs, for @lingui/cli's files only: its imports of Node 22's glob
 * functions go to the shim, and its commands' `if (import.meta.main)` (Node 24) asks whether the
 * file is the one node was started with.
 */
const IMPORTS = ['import { globSync } from "node:fs";', 'import { glob } from "node:fs/promises";'];
const SHIM = new URL('./node20-glob-shim.mjs', import.meta.url).href;

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes('/@lingui/cli/') || result.source == null) return result;
  let source = String(result.source);
  for (const line of IMPORTS)
    source = source.replace(line, line.replace(/"node:fs(\/promises)?"/, JSON.stringify(SHIM)));
  if (source.includes('import.meta.main')) {
    source = `import { isMain as __isMain } from ${JSON.stringify(SHIM)};\n${source.replaceAll('import.meta.main', '__isMain(import.meta.url)')}`;
  }
  return { ...result, source };
}
