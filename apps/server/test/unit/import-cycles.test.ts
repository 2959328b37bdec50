/**
 * No import circles in the server or the contracts (issue 29.23): arrows run one way (ARCHITECTURE.md,
 * routes -> service -> repo -> db), and a circle means two files that cannot be read, tested or moved
 * apart. Type-only imports count: they are arrows of the design too. Relative imports only; a
 * package is never part of a circle of ours.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/server/src', 'packages/contracts/src'];

/** Every `import ... from` / `export ... from` / `import '...'` specifier of a TypeScript file. */
const IMPORT = /^\s*(?:import|export)\s+(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names (`./repo.js` is `./repo.ts` in the sources), or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(from), specifier);
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].flatMap((m) => resolve(file, m[1]!) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each circle once, as the files around it (depth-first search; a back edge closes a circle). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('there are none in the server or the contracts', () => {
    const graph = importGraph(SOURCES);
    expect(graph.size).toBeGreaterThan(200);
    const named = circles(graph).map((circle) => circle.map((f) => path.relative(ROOT, f)).join(' -> '));
    expect(named).toEqual([]);
  });
});
