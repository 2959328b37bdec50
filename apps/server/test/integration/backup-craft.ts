/**
 * Backups changed as an attacker, a newer release or a damaged disk would leave them, for the
 * restore tests: opened with the operator's key, an entry changed, packed again and encrypted to
 * the platform's recipient; signed again with the platform's seal (an insider with the server) or
 * left with the old signature (anyone who knows the public recipient).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { encryptFile } from '../../src/modules/operations/backups/age.js';
import { type BackupSeal, readBackupKey } from '../../src/modules/operations/backups/keys.js';
import {
  DUMP,
  MANIFEST,
  openBackup,
  SIGNATURE,
  SIGNED,
  signatureFor,
} from '../../src/modules/operations/backups/payload.js';

export interface Craft {
  /** The manifest as JSON, free to hold anything (a string where a number belongs). */
  manifest?: (m: Record<string, any>) => Record<string, unknown>;
  dump?: (bytes: Buffer) => Buffer;
  /** `platform`: signed again with the seal; `stale`: the original signature kept. */
  signature: 'platform' | 'stale';
  /** Packed as a plain tar, as releases before encryption wrote them. */
  plain?: boolean;
}

export async function craftBackup(
  file: string,
  out: string,
  /** The operator's key file, and the platform's seal (to sign again as the platform). */
  keys: { keyFile: string; seal: BackupSeal },
  craft: Craft,
): Promise<string> {
  const dir = await mkdtemp(`${out}.d-`);
  try {
    await openBackup(file, await readBackupKey(keys.keyFile), dir);
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8'));
    await writeFile(path.join(dir, MANIFEST), JSON.stringify(craft.manifest?.(manifest) ?? manifest));
    if (craft.dump) await writeFile(path.join(dir, DUMP), craft.dump(await readFile(path.join(dir, DUMP))));
    const { seal } = keys;
    if (craft.signature === 'platform')
      await writeFile(path.join(dir, SIGNATURE), await signatureFor(dir, seal));
    const inner = path.join(dir, 'inner.tar');
    await tar.c({ file: craft.plain ? out : inner, cwd: dir, portable: true }, [...SIGNED, SIGNATURE]);
    if (!craft.plain) await encryptFile(inner, out, seal.recipient);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A copy of `file` with one byte flipped, `fromEnd` bytes before its end. */
export async function flipByte(file: string, out: string, fromEnd: number) {
  const bytes = await readFile(file);
  const at = bytes.length - fromEnd;
  bytes[at] = bytes[at]! ^ 0x01;
  await writeFile(out, bytes);
  return out;
}
