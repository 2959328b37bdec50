/**
 * What is inside a backup (once decrypted) and how a restore comes to trust it: the file decrypts
 * with the operator's key (age: any altered byte fails), the digests of its entries carry the
 * platform's Ed25519 signature (a file encrypted to the recipient by anyone else fails), and only
 * then is the manifest read, through a strict schema. Nothing of the file is used before that.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';
import { type AgeError, decryptFile } from './age.js';
import { type BackupKey, type BackupSeal, signDigest, verifyDigest } from './keys.js';

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
export const CONFIG = 'settings/config.json';
/** The admins' TOTP secrets, in clear inside the encrypted file: a restore seals them again. */
export const TOTP = 'secrets/admin-totp.json';
export const SIGNATURE = 'signature.json';
/** The signed entries, in the order their digests are signed. */
export const SIGNED = [MANIFEST, DUMP, CONFIG, TOTP] as const;
const ENTRIES = new Set<string>([...SIGNED, SIGNATURE, 'settings/', 'secrets/']);

const iso = z.iso.datetime({ offset: true });
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** manifest.json: numbers are numbers, names are names, nothing else is accepted. */
export const manifestSchema = z
  .object({
    format: z.literal(2),
    product: z.literal('earnhub'),
    /** The release that wrote it (root package.json). */
    version: z.string().regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}([-+][0-9A-Za-z.-]{1,40})?$/),
    /** The row in `backups` that recorded it, when it was recorded. */
    backupId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
    createdAt: iso,
    /** The database's clock when the snapshot was taken: the dump holds what committed before it. */
    snapshotAt: iso,
    finishedAt: iso,
    database: z
      .object({
        serverVersion: z.string().max(200),
        pgDump: z.string().max(300),
        /** pg_database_size at the snapshot. */
        bytes: count,
        dumpBytes: count,
        migrations: z.array(z.string().regex(/^\d{3}_[a-z0-9_]{1,80}\.sql$/)).max(10_000),
      })
      .strict(),
    /** Rows per table of the public schema, in the snapshot. */
    tables: z.record(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/), count),
    /** Admins' TOTP secrets carried (opened with the server secret) and those it could not open. */
    adminTotp: z.object({ carried: count, unreadable: count }).strict(),
  })
  .strict();
export type Manifest = z.infer<typeof manifestSchema>;

export const totpSchema = z
  .array(
    z
      .object({
        userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        secret: z.string().regex(/^[A-Z2-7]{16,128}$/),
      })
      .strict(),
  )
  .max(100_000);
export type CarriedTotp = z.infer<typeof totpSchema>;

const signatureSchema = z
  .object({
    format: z.literal('earnhub-backup-signature/1'),
    signature: z.string().max(200),
  })
  .strict();

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The text that is signed: each entry's SHA-256 and name, in SIGNED order. */
async function digestText(dir: string): Promise<string> {
  const lines = ['earnhub-backup/2'];
  for (const entry of SIGNED) lines.push(`${await sha256(path.join(dir, entry))}  ${entry}`);
  return `${lines.join('\n')}\n`;
}

/** The signature entry for the entries written in `dir`. */
export async function signatureFor(dir: string, seal: BackupSeal): Promise<string> {
  const signature = signDigest(seal, await digestText(dir));
  return `${JSON.stringify({ format: 'earnhub-backup-signature/1', signature }, null, 2)}\n`;
}

/** Not a backup this key may restore, or altered: nothing of it was used. */
export class BackupRefused extends Error {
  /** It was encrypted to another key (another may open it), rather than damaged. */
  otherKey = false;
}

/**
 * Decrypts `file` with the operator's key into `dir`, unpacks its known entries, checks the
 * signature and reads the manifest; BackupRefused, with why, when any of it fails.
 */
export async function openBackup(
  file: string,
  key: BackupKey,
  dir: string,
): Promise<{ manifest: Manifest; totp: CarriedTotp; dump: string }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const inner = path.join(dir, 'backup.tar');
  try {
    await decryptFile(file, inner, key.identity);
  } catch (error) {
    const why = (error as AgeError).message;
    if (why === 'it is not an age-encrypted file' && (await isPlainTar(file)))
      throw new BackupRefused(
        `${file} is an unencrypted backup of an earlier release: nothing authenticates it, so this release does not run it. Restore it with the release that made it`,
      );
    const refused = new BackupRefused(
      `${file} cannot be opened with this key: ${why}. It was damaged or altered, or is for another backup key (use the one written with it); nothing of it was run`,
    );
    refused.otherKey = why === 'it was not encrypted to this key';
    throw refused;
  }
  const entries: string[] = [];
  try {
    await tar.x({
      file: inner,
      cwd: dir,
      strict: true,
      filter: (p, entry) => {
        entries.push(p);
        return ENTRIES.has(p) && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory');
      },
    });
  } catch (error) {
    throw new BackupRefused(`${file} holds no readable archive (${(error as Error).message})`);
  } finally {
    await rm(inner, { force: true });
  }
  for (const entry of [...SIGNED, SIGNATURE])
    if (!entries.includes(entry)) throw new BackupRefused(`${file} is no EarnHub backup (no ${entry} in it)`);
  const signature = signatureSchema.safeParse(await readJson(path.join(dir, SIGNATURE)));
  if (!signature.success || !verifyDigest(key, await digestText(dir), signature.data.signature))
    throw new BackupRefused(
      `${file} does not carry this platform's signature: it was altered, or made by someone other than the platform whose key this is; nothing of it was run`,
    );
  const manifest = manifestSchema.safeParse(await readJson(path.join(dir, MANIFEST)));
  if (!manifest.success)
    throw new BackupRefused(
      `${file} has a manifest this release does not accept: ${z.prettifyError(manifest.error)}`,
    );
  const totp = totpSchema.safeParse(await readJson(path.join(dir, TOTP)));
  if (!totp.success) throw new BackupRefused(`${file} has unreadable two-factor secrets`);
  return { manifest: manifest.data, totp: totp.data, dump: path.join(dir, DUMP) };
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A tar file (ustar magic at byte 257): the backups of releases before encryption. */
async function isPlainTar(file: string) {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(262);
    await handle.read(head, 0, 262, 0);
    return head.subarray(257, 262).toString('latin1') === 'ustar';
  } finally {
    await handle.close();
  }
}
