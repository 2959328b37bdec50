/**
 * Mail leaves through an outbox table, written in the same transaction as the change that causes
 * it. With SMTP_URL set, a sender delivers pending rows (retrying with backoff); without it, each
 * mail is written to the log and marked `logged`.
 *
 * The outbox never holds a secret in clear (issue 36): `body_text` and `subject` have the codes and
 * link tokens their template named masked (mail/secrets.ts). What must still be delivered is kept
 * sealed in `mail_secrets` for the secret's lifetime at most: with a mail server, only until the
 * mail is handed over (or given up); without one, until it expires, so that an owner can reveal it
 * (modules/operations/mail-log).
 */

import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Queryable, Tx } from '../db/pool.js';
import { type MailOriginal, mailSecrets, maskMail } from './secrets.js';
import type { Mail } from './templates.js';

const MAX_ATTEMPTS = 8;

/** Why a mail with a secret was not sent: its sealed copy is gone (expired, or another server secret). */
export const SECRET_GONE =
  'Its code or link expired before it could be delivered (or was sealed under another server secret): re-send the mail';

/**
 * Queues a mail, its secrets masked and sealed beside it. Mail about an admin account (to an
 * admin's address, or an `admin_*` template such as an invitation) is marked for owners' eyes only
 * in the back-office's Mail screen: it tells of an admin account (docs/decisions/operations.md, Mail outbox).
 */
export async function enqueueMail(q: Queryable, mail: Mail): Promise<bigint> {
  const masked = maskMail(mail);
  // the key first: without one, nothing is written rather than a secret in clear
  const box = mail.secret ? mailSecrets() : null;
  const { rows } = await q.query<{ id: bigint }>(
    `INSERT INTO mail_outbox (to_address, subject, body_text, template, has_secret, owner_only)
     VALUES ($1, $2, $3, $4, $5,
             $4 LIKE 'admin\\_%' OR EXISTS (SELECT 1 FROM users WHERE email = lower($1) AND role = 'admin'))
     RETURNING id`,
    [mail.to, masked.subject, masked.text, mail.template, Boolean(mail.secret)],
  );
  const id = rows[0]!.id;
  if (!mail.secret || !box) return id;
  const original: MailOriginal = { subject: mail.subject, text: mail.text, secrets: mail.secret.values };
  await q.query(
    `INSERT INTO mail_secrets (mail_id, sealed, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
    [id, box.seal(original, id), mail.secret.minutes],
  );
  return id;
}

interface DueMail {
  id: bigint;
  to_address: string;
  subject: string;
  body_text: string;
  attempts: number;
  has_secret: boolean;
  /** The sealed original while it is kept and not expired. */
  sealed: string | null;
}

export class OutboxSender {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  start(intervalMs = 2000) {
    this.timer = setInterval(() => void this.tick(), intervalMs);
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One pass over due mails; concurrent senders skip each other's rows. */
  tick(): Promise<void> {
    this.running ??= this.deliverDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async deliverDue() {
    // Taking the connection is inside the try: with the database away, a pass is logged and the next
    // tick tries again (a rejection here would be unhandled: tick() is fired and forgotten).
    let client: Tx | undefined;
    let broken: Error | undefined;
    try {
      client = await this.db.connect();
      await client.query('BEGIN');
      // a secret is kept no longer than it works, whether or not its mail went
      await client.query('DELETE FROM mail_secrets WHERE expires_at <= now()');
      const { rows } = await client.query<DueMail>(
        `SELECT o.id, o.to_address, o.subject, o.body_text, o.attempts, o.has_secret, s.sealed
           FROM mail_outbox o LEFT JOIN mail_secrets s ON s.mail_id = o.id
          WHERE o.status = 'pending' AND o.next_attempt_at <= now()
          ORDER BY o.id LIMIT 20 FOR UPDATE OF o SKIP LOCKED`,
      );
      for (const mail of rows) await this.deliver(client, mail);
      await client.query('COMMIT');
    } catch (error) {
      await client?.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      this.log.error({ err: error }, 'mail outbox pass failed');
    } finally {
      client?.release(broken);
    }
  }

  private async deliver(q: Queryable, mail: DueMail) {
    if (!this.transport) {
      // the masked text: a log is read by more people, and kept longer, than the Mail screen
      this.log.info(
        { mailId: String(mail.id), to: mail.to_address, subject: mail.subject, body: mail.body_text },
        'mail (no SMTP_URL: logged, not sent)',
      );
      await q.query(
        `UPDATE mail_outbox SET status = 'logged', attempts = attempts + 1, sent_at = now() WHERE id = $1`,
        [mail.id],
      );
      return;
    }
    const original = mail.sealed ? mailSecrets().open(mail.sealed, mail.id) : null;
    if (mail.has_secret && !original) {
      await q.query(`UPDATE mail_outbox SET status = 'failed', last_error = $2 WHERE id = $1`, [
        mail.id,
        SECRET_GONE,
      ]);
      await dropSecret(q, mail.id);
      return;
    }
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to_address,
        subject: original?.subject ?? mail.subject,
        text: original?.text ?? mail.body_text,
      });
      await q.query(
        `UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL WHERE id = $1`,
        [mail.id],
      );
      // delivered: from now on the secret is the member's alone
      await dropSecret(q, mail.id);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const backoffSeconds = Math.min(2 ** attempts * 15, 3600);
      await q.query(
        `UPDATE mail_outbox SET attempts = $2::int, last_error = $3,
                status = CASE WHEN $2::int >= $4::int THEN 'failed' ELSE 'pending' END,
                next_attempt_at = now() + make_interval(secs => $5::int)
          WHERE id = $1`,
        [mail.id, attempts, String((error as Error).message).slice(0, 500), MAX_ATTEMPTS, backoffSeconds],
      );
      if (attempts >= MAX_ATTEMPTS) await dropSecret(q, mail.id);
      this.log.warn({ mailId: String(mail.id), attempts, err: error }, 'mail delivery failed');
    }
  }
}

const dropSecret = (q: Queryable, id: bigint) => q.query('DELETE FROM mail_secrets WHERE mail_id = $1', [id]);
