import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync as tinyGlobSync } from 'tinyglobby';

/**
 * fs.globSync(patterns, { exclude }) of Node 22 as @lingui/cli calls it: files and directories,
 * absolute results for absolute patterns, an excluded directory excluding what is inside it.
 */
export function globSync(patterns, options = {}) {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  const exclude = Array.isArray(options.exclude) ? options.exclude : [];
  const ignore = exclude.flatMap((pattern) => [pattern, `${pattern.replace(/\/+$/, '')}/**`]);
  return tinyGlobSync(list, {
    ignore,
    onlyFiles: false,
    expandDirectories: false,
    absolute: list.every((pattern) => path.isAbsolute(pattern)),
  });
}

/** fs/promises' glob (the extractor's watch mode): the same matches, one at a time. */
export async function* glob(patterns, options = {}) {
  yield* globSync(patterns, options);
}

/** import.meta.main of Node 24: is this module the script node was started with? */
export function isMain(url) {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === fileURLToPath(url);
  } catch {
    return false;
  }
}
