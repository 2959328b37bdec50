/**
 * The keys of backups. The platform keeps a seal (the `backup_seal` row, migration 038): the age
 * recipient it encrypts to and the Ed25519 key it signs with, the latter sealed under the server
 * secret. The operator keeps the backup key (`backup-key-….txt`, written once into DATA_DIR of the
 * instance that made the seal, for them to move off the machine): the age identity that decrypts,
 * and the signing key's public half that proves a backup came from this platform. So a backup file
 * alone opens nothing, the server cannot read its own backups, and a restore runs nothing from a
 * file that is not this platform's own, unaltered.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../../db/pool.js';
import { type AgeError, generateIdentity, parseIdentity } from './age.js';

/** DER prefix of a raw 32-byte Ed25519 public key (SPKI). */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

export interface BackupSeal {
  recipient: string;
  signingKey: KeyObject;
}

export interface BackupKey {
  identity: string;
  verifyKey: KeyObject;
}

/** Refused: the key file is missing, unreadable or not a backup key. */
export class BackupKeyError extends Error {}

/** The operator's key files this DATA_DIR holds (the restore tries each when given none). */
export async function keyFilesIn(dataDir: string): Promise<string[]> {
  const names = await readdir(path.resolve(dataDir)).catch(() => [] as string[]);
  return names
    .filter((n) => /^backup-key-[a-z0-9]+\.txt$/.test(n))
    .sort()
    .map((n) => path.resolve(dataDir, n));
}

/** AES-256-GCM under a key derived from the server secret: the signing key at rest. */
const sealKey = (serverSecret: string) =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'earnhub', 'backup-signing-key/v1', 32));

function sealSigningKey(key: KeyObject, serverSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  const der = key.export({ format: 'der', type: 'pkcs8' });
  const body = Buffer.concat([cipher.update(der), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

function openSigningKey(sealed: string, serverSecret: string): KeyObject | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', sealKey(serverSecret), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    const der = Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]);
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return null;
  }
}

/**
 * The platform's seal. The first backup makes it (and a restored platform's first backup, whose
 * server secret is new, makes a new one): the operator's key file is written into `dataDir` first,
 * then the row; `created` names that file. Instances racing agree on one row (the loser removes
 * its file). A database of a release before the seal gets a seal for this one backup.
 */
export async function loadOrCreateSeal(
  db: Queryable,
  serverSecret: string,
  dataDir: string,
): Promise<{ seal: BackupSeal; created: string | null }> {
  const stored = await db
    .query<{ recipient: string; signing_key: string }>('SELECT recipient, signing_key FROM backup_seal')
    .then(
      (r) => ({ table: true, row: r.rows[0] ?? null }),
      () => ({ table: false, row: null }),
    );
  const signingKey = stored.row ? openSigningKey(stored.row.signing_key, serverSecret) : null;
  if (stored.row && signingKey)
    return { seal: { recipient: stored.row.recipient, signingKey }, created: null };

  const { recipient, identity } = generateIdentity();
  const signing = generateKeyPairSync('ed25519');
  const made = new Date();
  const keyFile = path.resolve(dataDir, `backup-key-${recipient.slice(4, 16)}.txt`);
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 });
  // the key file first: a seal is never in use without the key that opens its backups
  await writeFile(keyFile, keyFileText(identity, signing.publicKey, made), { mode: 0o600, flag: 'wx' });
  if (!stored.table) return { seal: { recipient, signingKey: signing.privateKey }, created: keyFile };
  const values = [recipient, sealSigningKey(signing.privateKey, serverSecret), keyFile, made];
  const { rowCount } = stored.row
    ? // the secret changed (a restore, a new JWT_SECRET): the old seal signs nothing any more
      await db.query(
        `UPDATE backup_seal SET recipient = $1, signing_key = $2, key_file = $3, made_at = $4
          WHERE recipient = $5`,
        [...values, stored.row.recipient],
      )
    : await db.query(
        `INSERT INTO backup_seal (recipient, signing_key, key_file, made_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO NOTHING`,
        values,
      );
  if (rowCount === 1) return { seal: { recipient, signingKey: signing.privateKey }, created: keyFile };
  await rm(keyFile, { force: true }); // another instance made it at the same moment: theirs is used
  return loadOrCreateSeal(db, serverSecret, dataDir);
}

/** When the platform's seal (its backup key) was made; null before the first backup. */
export async function sealMadeAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ made_at: Date }>('SELECT made_at FROM backup_seal');
  return rows[0]?.made_at ?? null;
}

function keyFileText(identity: string, verifyKey: KeyObject, made: Date) {
  return [
    `# EarnHub backup key, made ${made.toISOString()}. It opens this platform's backups made since:`,
    '#   npm run restore -- BACKUP --key THIS_FILE   (or: age -d -i THIS_FILE BACKUP > backup.tar)',
    "# With a backup it reads every member's data. Keep it OFF the server (a password manager, a safe)",
    '# and delete it from the server.',
    `# verify: ${rawEd25519(verifyKey)}`,
    identity,
    '',
  ].join('\n');
}

const rawEd25519 = (k: KeyObject) => k.export({ format: 'jwk' }).x!;

/** The operator's key file: its age identity and the verify key of the platform's signatures. */
export async function readBackupKey(file: string): Promise<BackupKey> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new BackupKeyError(`the backup key ${file} cannot be read`);
  });
  const identity = /^AGE-SECRET-KEY-1[0-9A-Z]+$/m.exec(text)?.[0];
  const verifyText = /^# verify: ([A-Za-z0-9_-]{43})$/m.exec(text)?.[1];
  if (!identity || !verifyText)
    throw new BackupKeyError(
      `${file} is not an EarnHub backup key (backup-key.txt written by the first backup)`,
    );
  try {
    parseIdentity(identity);
  } catch (error) {
    throw new BackupKeyError(`${file}: ${(error as AgeError).message}`);
  }
  const verifyKey = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, Buffer.from(verifyText, 'base64url')]),
    format: 'der',
    type: 'spki',
  });
  return { identity, verifyKey };
}

export const signDigest = (seal: BackupSeal, text: string) =>
  sign(null, Buffer.from(text), seal.signingKey).toString('base64');

export function verifyDigest(key: BackupKey, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text), key.verifyKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
