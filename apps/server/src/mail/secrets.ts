import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Mail } from './templates.js';

/**
 * The secrets in mail (issue 36: staff never see a member's secrets). A template names the one-time
 * secrets it writes (a code, a link's token) in `Mail.secret`; the outbox stores the mail with each
 * of them replaced by MASK, so no screen, log or dump of `mail_outbox` shows one. What must still be
 * delivered is kept beside it, sealed (`mail_secrets`): AES-256-GCM under a key derived from the
 * server secret with HKDF, bound to the mail's id, and only for the secret's lifetime.
 */

/** What stands in for a secret in a stored mail. */
export const MASK = '••••••';

/** A stored mail's subject and text with every secret of its template masked. */
export function maskMail(mail: Mail): { subject: string; text: string } {
  let { subject, text } = mail;
  for (const value of mail.secret?.values ?? []) {
    // a template names what it wrote; an empty or tiny "secret" would mask half the mail and is a bug
    if (value.length < 6) throw new Error(`mail ${mail.template}: a secret of ${value.length} characters`);
    subject = subject.replaceAll(value, MASK);
    text = text.replaceAll(value, MASK);
  }
  return { subject, text };
}

/** The sealed copy of a mail as it must be delivered: the real subject, text and secrets. */
export interface MailOriginal {
  subject: string;
  text: string;
  secrets: string[];
}

export function mailSecretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'earnhub', 'mail-secret/v1', 32));
  const aad = (mailId: bigint | number) => Buffer.from(`mail_outbox:${mailId}`);

  function seal(original: MailOriginal, mailId: bigint | number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad(mailId));
    const body = Buffer.concat([cipher.update(JSON.stringify(original), 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The original, or null when it was sealed under another key or for another mail. */
  function open(sealed: string, mailId: bigint | number): MailOriginal | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(mailId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as MailOriginal;
    } catch {
      return null;
    }
  }

  return { seal, open };
}

export type MailSecretBox = ReturnType<typeof mailSecretBox>;

/**
 * The process's box. `enqueueMail` is called inside other modules' transactions with no more than a
 * connection, and threading the server secret through each of them would touch every mail-sending
 * service; the server has one secret per process, so buildApp sets it here once. Queuing a mail
 * with a secret before that fails loudly rather than store it in clear.
 */
let current: MailSecretBox | null = null;

export function useMailSecretKey(serverSecret: string) {
  current = mailSecretBox(serverSecret);
}

export function mailSecrets(): MailSecretBox {
  if (!current) throw new Error('mail secrets: no key (useMailSecretKey is called by buildApp)');
  return current;
}
