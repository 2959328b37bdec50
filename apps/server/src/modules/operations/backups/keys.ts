/**
 * The keys of backups. The server keeps a seal (DATA_DIR/backup-seal.json): the age recipient it
 * encrypts to and the Ed25519 key it signs with. The operator keeps the backup key
 * (backup-key.txt, written once beside the seal for them to move off the machine): the age
 * identity that decrypts, and the signing key's public half that proves a backup came from this
 * platform. So a backup file alone opens nothing, the server cannot read its own backups, and a
 * restore runs nothing from a file that is not this platform's own, unaltered.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AgeError, generateIdentity, parseIdentity, parseRecipient } from './age.js';

export const SEAL_FILE = 'backup-seal.json';
export const KEY_FILE = 'backup-key.txt';
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

const sealPath = (dataDir: string) => path.resolve(dataDir, SEAL_FILE);
export const keyPath = (dataDir: string) => path.resolve(dataDir, KEY_FILE);

/**
 * The seal in `dataDir`; on the first backup it is made, and the operator's key file written
 * beside it (`created` names that file). Two processes starting at once agree on one seal.
 */
export async function loadOrCreateSeal(
  dataDir: string,
): Promise<{ seal: BackupSeal; created: string | null }> {
  const file = sealPath(dataDir);
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) break;
    if (text.trim()) return { seal: parseSeal(text, file), created: null };
    await new Promise((resolve) => setTimeout(resolve, 100)); // another process is writing it
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // `wx` claims the seal: a process that lost the race reads the winner's
  const claimed = await writeFile(file, '', { mode: 0o600, flag: 'wx' }).then(
    () => true,
    () => false,
  );
  if (!claimed) return loadOrCreateSeal(dataDir);
  try {
    const { recipient, identity } = generateIdentity();
    const signing = generateKeyPairSync('ed25519');
    const verifyKey = rawEd25519(signing.publicKey);
    const made = new Date().toISOString();
    // the key file first: a seal is never in use without the key that opens its backups
    await writeFile(
      keyPath(dataDir),
      [
        `# EarnHub backup key, made ${made}. It opens this platform's backups: npm run restore -- FILE --key THIS_FILE.`,
        "# With a backup it reads every member's data. Keep it OFF the server (a password manager, a safe)",
        '# and delete it from the server. `age -d -i THIS_FILE BACKUP` decrypts a backup as well.',
        `# verify: ${verifyKey}`,
        identity,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
    const seal = {
      made,
      recipient,
      signingKey: signing.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    };
    await writeFile(file, `${JSON.stringify(seal, null, 2)}\n`, { mode: 0o600 });
    return { seal: parseSeal(JSON.stringify(seal), file), created: keyPath(dataDir) };
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

function parseSeal(text: string, file: string): BackupSeal {
  try {
    const raw = JSON.parse(text) as { recipient: string; signingKey: string };
    parseRecipient(raw.recipient);
    const signingKey = createPrivateKey({
      key: Buffer.from(raw.signingKey, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    if (signingKey.asymmetricKeyType !== 'ed25519') throw new Error('not Ed25519');
    return { recipient: raw.recipient, signingKey };
  } catch (error) {
    throw new Error(`${file} is damaged (${(error as Error).message}): move it away to make a new one`);
  }
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
