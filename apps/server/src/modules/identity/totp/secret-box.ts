import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of TOTP secrets at rest: AES-256-GCM (Node's crypto) under a key derived from the
 * server secret with HKDF, bound to the admin's id (a sealed secret copied onto another row does not
 * open). A database dump alone therefore yields no authenticator secret. Rotating JWT_SECRET makes
 * the stored secrets unreadable: admins then need `npm run admin:reset-2fa` (docs/operations.md).
 */
export function secretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'earnhub', 'admin-totp-secret/v1', 32));
  const aad = (userId: number) => Buffer.from(`admin_totp:${userId}`);

  function seal(plain: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(userId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when it was sealed under another key or for another admin. */
  function open(sealed: string, userId: number): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }

  return { seal, open };
}
