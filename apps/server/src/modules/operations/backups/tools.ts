/**
 * PostgreSQL's own client tools for backups: pg_dump, pg_restore and psql from one folder, of the
 * database's major version or newer (a pg_dump refuses a newer server). The same major is
 * preferred: a newer pg_restore may write settings an older server does not know.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PgTools {
  dir: string;
  major: number;
  /** pg_dump's own `--version` line. */
  version: string;
  pgDump: string;
  pgRestore: string;
  psql: string;
}

/** No tool fits: the message says what was found and what to install. */
export class PgToolsError extends Error {}

/** The repository's `.tools` folder (npm run pg-tools), from src and dist alike. */
const REPO_TOOLS = path.resolve(import.meta.dirname, '../../../../../../.tools');
const DEBIAN_LAYOUT = '/usr/lib/postgresql';

/** The tools for a server of major version `serverMajor`; `configured` is PG_BIN_DIR. */
export async function findPgTools(serverMajor: number, configured?: string): Promise<PgTools> {
  const dirs = configured ? [path.resolve(configured)] : await candidateDirs();
  const found: PgTools[] = [];
  for (const dir of dirs) {
    const tools = await toolsIn(dir);
    if (tools) found.push(tools);
  }
  const fitting = found.filter((t) => t.major >= serverMajor).sort((a, b) => a.major - b.major);
  const chosen = fitting.find((t) => t.major === serverMajor) ?? fitting[0];
  if (chosen) return chosen;
  const seen = found.length
    ? `found ${found.map((t) => `pg_dump ${t.major} in ${t.dir}`).join(', ')}`
    : 'found none';
  throw new PgToolsError(
    configured
      ? `PG_BIN_DIR (${configured}) holds no pg_dump, pg_restore and psql of PostgreSQL ${serverMajor} or newer (${seen})`
      : `no pg_dump of PostgreSQL ${serverMajor} or newer (${seen}): the database is PostgreSQL ${serverMajor}. ` +
          `Install its client (postgresql-client-${serverMajor}; apt.postgresql.org has it where your distribution does not), ` +
          'or run npm run pg-tools, or set PG_BIN_DIR',
  );
}

async function candidateDirs(): Promise<string[]> {
  const below = async (root: string, sub: string) =>
    (await readdir(root).catch(() => [] as string[])).map((name) => path.join(root, name, sub));
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...(await below(REPO_TOOLS, 'bin')), ...(await below(DEBIAN_LAYOUT, 'bin')), ...onPath];
}

async function toolsIn(dir: string): Promise<PgTools | null> {
  const [pgDump, pgRestore, psql] = ['pg_dump', 'pg_restore', 'psql'].map((t) => path.join(dir, t)) as [
    string,
    string,
    string,
  ];
  if (![pgDump, pgRestore, psql].every((file) => existsSync(file))) return null;
  try {
    const { stdout } = await run(pgDump, ['--version'], { timeout: 10_000 });
    const major = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
    if (!major) return null;
    return { dir, major: Number(major), version: stdout.trim(), pgDump, pgRestore, psql };
  } catch {
    return null;
  }
}

/**
 * A connection URL split for the tools: the password goes in PGPASSWORD (a command line is readable
 * by every local user through `ps`), the rest stays a libpq URL.
 */
export function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}
