/**
 * Mail leaves through an outbox table, written in the same transaction as the change that causes
 * it. With SMTP_URL set, a sender delivers pending rows (retrying with backoff); without it, each
 * mail is written to the log and marked `logged`.
 */

import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Queryable, Tx } from '../db/pool.js';
import type { Mail } from './templates.js';

const MAX_ATTEMPTS = 8;

/**
 * Queues a mail. Mail about an admin account (to an admin's address, or an `admin_*` template such
 * as an invitation) is marked for owners' eyes only in the back-office's Mail screen: its links
 * open an admin account (docs/decisions.md, issue 27.6).
 */
export async function enqueueMail(q: Queryable, mail: Mail) {
  await q.query(
    `INSERT INTO mail_outbox (to_address, subject, body_text, template, owner_only)
     VALUES ($1, $2, $3, $4,
             $4 LIKE 'admin\\_%' OR EXISTS (SELECT 1 FROM users WHERE email = lower($1) AND role = 'admin'))`,
    [mail.to, mail.subject, mail.text, mail.template],
  );
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
      const { rows } = await client.query<{
        id: bigint;
        to_address: string;
        subject: string;
        body_text: string;
        attempts: number;
      }>(
        `SELECT id, to_address, subject, body_text, attempts FROM mail_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED`,
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

  private async deliver(
    q: Queryable,
    mail: { id: bigint; to_address: string; subject: string; body_text: string; attempts: number },
  ) {
    if (!this.transport) {
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
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body_text,
      });
      await q.query(
        `UPDATE mail_outbox SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL WHERE id = $1`,
        [mail.id],
      );
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
      this.log.warn({ mailId: String(mail.id), attempts, err: error }, 'mail delivery failed');
    }
  }
}
