import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** JWT_SECRET when set; otherwise one generated on first start and kept in DATA_DIR. */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured ?? loadOrCreateSecret(path.resolve(dataDir, 'jwt-secret'));
}

/** A new server secret, as the first start generates one. */
export const newServerSecret = () => randomBytes(48).toString('base64url');

/**
 * Replaces DATA_DIR/jwt-secret with `secret` (a restore rotating it): written beside it and renamed
 * over it, so the file is the old secret or the new one, never a part.
 */
export async function replaceJwtSecret(dataDir: string, secret: string) {
  const file = path.resolve(dataDir, 'jwt-secret');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.new`, secret, { mode: 0o600 });
  await rename(`${file}.new`, file);
}

/**
 * The embedded PostgreSQL's password: EMBEDDED_PG_PASSWORD when set; otherwise one generated on
 * first start and kept in DATA_DIR (a fixed default would be known to every local user).
 */
export async function loadEmbeddedPgPassword(configured: string | undefined, dataDir: string) {
  return configured ?? loadOrCreateSecret(path.resolve(dataDir, 'pg-password'));
}

/** The secret in `file`, created (owner-only) when missing; two processes starting at once agree. */
async function loadOrCreateSecret(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(path.dirname(file), { recursive: true });
    const secret = newServerSecret();
    // `wx`: if another process wrote it first, theirs wins and both read it back
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => {});
    return (await readFile(file, 'utf8')).trim();
  }
}

/** A random token for a one-time link or a device (256 bits, URL-safe); only its digest is stored. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a link token: its SHA-256, hex. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
