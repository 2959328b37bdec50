/**
 * The age v1 file format (age-encryption.org/v1) for one X25519 recipient, with Node's own crypto
 * (X25519, HKDF-SHA256, HMAC-SHA256, ChaCha20-Poly1305): a backup is encrypted to a public key, so
 * the server that writes it cannot read it back, and an operator can open one with the standard
 * `age -d -i KEYFILE` too. The payload is authenticated chunk by chunk (64 KiB, STREAM): a flipped
 * byte, a cut file or a wrong key fails before any plaintext is used.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { open, rm } from 'node:fs/promises';

const INTRO = 'age-encryption.org/v1';
const X25519_INFO = 'age-encryption.org/v1/X25519';
const CHUNK = 64 * 1024;
const TAG = 16;
/** DER prefixes of a raw 32-byte X25519 key (PKCS#8 private, SPKI public). */
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');

/** Decryption refused: damaged or altered file, or not encrypted to this key. */
export class AgeError extends Error {}

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
const unb64 = (s: string) => {
  if (!/^[A-Za-z0-9+/]*$/.test(s)) throw new AgeError('bad base64 in the header');
  return Buffer.from(s, 'base64');
};
const hkdf = (ikm: Buffer, salt: Buffer, info: string) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, 32));

function chacha(key: Buffer, nonce: Buffer, data: Buffer, decrypt: boolean): Buffer {
  if (decrypt) {
    if (data.length < TAG) throw new AgeError('a chunk is cut short');
    const d = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
    d.setAuthTag(data.subarray(data.length - TAG));
    try {
      return Buffer.concat([d.update(data.subarray(0, data.length - TAG)), d.final()]);
    } catch {
      throw new AgeError('authentication failed');
    }
  }
  const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: TAG });
  return Buffer.concat([c.update(data), c.final(), c.getAuthTag()]);
}

const rawPublic = (k: KeyObject) => Buffer.from(k.export({ format: 'jwk' }).x!, 'base64url');
const publicFromRaw = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([SPKI_X25519, raw]), format: 'der', type: 'spki' });
const privateFromRaw = (raw: Buffer) =>
  createPrivateKey({ key: Buffer.concat([PKCS8_X25519, raw]), format: 'der', type: 'pkcs8' });

/** A new key pair: `age1…` (recipient, public) and `AGE-SECRET-KEY-1…` (identity, secret). */
export function generateIdentity(): { recipient: string; identity: string } {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  const secret = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
  return {
    recipient: bech32Encode('age', rawPublic(publicKey)),
    identity: bech32Encode('age-secret-key-', secret).toUpperCase(),
  };
}

export function parseRecipient(recipient: string): Buffer {
  const { hrp, data } = bech32Decode(recipient.trim());
  if (hrp !== 'age' || data.length !== 32) throw new AgeError('not an age X25519 recipient (age1…)');
  return data;
}

export function parseIdentity(identity: string): Buffer {
  const { hrp, data } = bech32Decode(identity.trim());
  if (hrp !== 'age-secret-key-' || data.length !== 32)
    throw new AgeError('not an age X25519 identity (AGE-SECRET-KEY-1…)');
  return data;
}

/** The recipient (age1…) of an identity. */
export const recipientOf = (identity: string) =>
  bech32Encode('age', rawPublic(createPublicKey(privateFromRaw(parseIdentity(identity)))));

/** Encrypts the file `from` into `to` (created owner-only) for `recipient`. */
export async function encryptFile(from: string, to: string, recipient: string) {
  const their = parseRecipient(recipient);
  const fileKey = randomBytes(16);
  const ephemeral = generateKeyPairSync('x25519');
  const share = rawPublic(ephemeral.publicKey);
  const shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: publicFromRaw(their) });
  const wrapKey = hkdf(shared, Buffer.concat([share, their]), X25519_INFO);
  const wrapped = chacha(wrapKey, Buffer.alloc(12), fileKey, false);
  const head = `${INTRO}\n-> X25519 ${b64(share)}\n${b64(wrapped)}\n---`;
  const mac = createHmac('sha256', hkdf(fileKey, Buffer.alloc(0), 'header'))
    .update(head)
    .digest();
  const nonce = randomBytes(16);
  const payloadKey = hkdf(fileKey, nonce, 'payload');

  const input = await open(from, 'r');
  const output = await open(to, 'wx', 0o600);
  try {
    await output.write(Buffer.from(`${head} ${b64(mac)}\n`));
    await output.write(nonce);
    const size = (await input.stat()).size;
    const chunks = Math.max(1, Math.ceil(size / CHUNK));
    const buf = Buffer.alloc(CHUNK);
    for (let i = 0; i < chunks; i++) {
      const { bytesRead } = await input.read(buf, 0, CHUNK, i * CHUNK);
      const sealed = chacha(payloadKey, chunkNonce(i, i === chunks - 1), buf.subarray(0, bytesRead), false);
      await output.write(sealed);
    }
  } catch (error) {
    await output.close();
    await rm(to, { force: true });
    throw error;
  } finally {
    await input.close();
    await output.close().catch(() => {});
  }
}

function chunkNonce(counter: number, last: boolean) {
  const n = Buffer.alloc(12);
  n.writeUIntBE(counter, 5, 6); // an 11-byte big-endian counter: files stay far below 2^48 chunks
  n[11] = last ? 1 : 0;
  return n;
}

/**
 * Decrypts `from` into `to` (owner-only) with `identity`; AgeError when the file is not age, was
 * altered or cut, or is not for this key. `to` is removed on failure: no plaintext is left to use.
 */
export async function decryptFile(from: string, to: string, identity: string) {
  const secret = privateFromRaw(parseIdentity(identity));
  const mine = rawPublic(createPublicKey(secret));
  const input = await open(from, 'r');
  let output: Awaited<ReturnType<typeof open>> | null = null;
  try {
    const { head, macLine, offset } = await readHeader(input);
    const stanzas = [...head.matchAll(/^-> X25519 ([A-Za-z0-9+/]{43})\n([A-Za-z0-9+/]{43})$/gm)];
    let fileKey: Buffer | null = null;
    for (const [, shareText, bodyText] of stanzas) {
      const share = unb64(shareText!);
      const shared = diffieHellman({ privateKey: secret, publicKey: publicFromRaw(share) });
      const wrapKey = hkdf(shared, Buffer.concat([share, mine]), X25519_INFO);
      try {
        fileKey = chacha(wrapKey, Buffer.alloc(12), unb64(bodyText!), true);
        break;
      } catch {
        // another recipient's stanza
      }
    }
    if (fileKey?.length !== 16) throw new AgeError('it was not encrypted to this key');
    const mac = createHmac('sha256', hkdf(fileKey, Buffer.alloc(0), 'header'))
      .update(head)
      .digest();
    const given = unb64(macLine);
    if (given.length !== mac.length || !timingSafeEqual(given, mac))
      throw new AgeError('its header was altered');
    const nonce = Buffer.alloc(16);
    if ((await input.read(nonce, 0, 16, offset)).bytesRead !== 16) throw new AgeError('it is cut short');
    const payloadKey = hkdf(fileKey, nonce, 'payload');
    output = await open(to, 'wx', 0o600);
    const size = (await input.stat()).size;
    const start = offset + 16;
    const sealedChunk = CHUNK + TAG;
    const chunks = Math.max(1, Math.ceil((size - start) / sealedChunk));
    const buf = Buffer.alloc(sealedChunk);
    for (let i = 0; i < chunks; i++) {
      const { bytesRead } = await input.read(buf, 0, sealedChunk, start + i * sealedChunk);
      const last = i === chunks - 1;
      const plain = chacha(payloadKey, chunkNonce(i, last), buf.subarray(0, bytesRead), true);
      if (plain.length === 0 && (i > 0 || !last)) throw new AgeError('it ends with an empty chunk');
      await output.write(plain);
    }
  } catch (error) {
    if (output) {
      await output.close();
      output = null;
      await rm(to, { force: true });
    }
    throw error instanceof AgeError ? error : new AgeError(String((error as Error).message ?? error));
  } finally {
    await input.close();
    await output?.close();
  }
}

/** The header up to and including `---` (what the MAC covers), the MAC, and where the payload starts. */
async function readHeader(input: Awaited<ReturnType<typeof open>>) {
  const buf = Buffer.alloc(4096);
  const { bytesRead } = await input.read(buf, 0, buf.length, 0);
  const text = buf.subarray(0, bytesRead).toString('latin1');
  if (!text.startsWith(`${INTRO}\n`)) throw new AgeError('it is not an age-encrypted file');
  const end = text.indexOf('\n--- ');
  const eol = end < 0 ? -1 : text.indexOf('\n', end + 5);
  if (end < 0 || eol < 0) throw new AgeError('its header is damaged');
  return { head: text.slice(0, end + 4), macLine: text.slice(end + 5, eol), offset: eol + 1 };
}

// Bech32 (BIP 173) without its 90-character limit, as age uses it for its keys.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]) {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk;
}
const hrpExpand = (hrp: string) => [
  ...[...hrp].map((c) => c.charCodeAt(0) >>> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

function convertBits(data: Iterable<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & max);
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max);
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0))
    throw new AgeError('bad key encoding');
  return out;
}

function bech32Encode(hrp: string, data: Buffer) {
  const words = convertBits(data, 8, 5, true);
  const mod = polymod([...hrpExpand(hrp), ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

function bech32Decode(text: string): { hrp: string; data: Buffer } {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) throw new AgeError('bad key encoding');
  const s = text.toLowerCase();
  const sep = s.lastIndexOf('1');
  if (sep < 1 || s.length - sep < 7) throw new AgeError('bad key encoding');
  const words = [...s.slice(sep + 1)].map((c) => CHARSET.indexOf(c));
  if (words.some((w) => w < 0)) throw new AgeError('bad key encoding');
  const hrp = s.slice(0, sep);
  if (polymod([...hrpExpand(hrp), ...words]) !== 1) throw new AgeError('bad key checksum');
  return { hrp, data: Buffer.from(convertBits(words.slice(0, -6), 5, 8, false)) };
}
