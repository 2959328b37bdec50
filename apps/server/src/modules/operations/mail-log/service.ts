import { randomUUID } from 'node:crypto';
import { adminMay } from '@app/contracts/admins';
import { MAIL_TEXT, type MailListQuery, type MailStatus, type MailSummary } from '@app/contracts/mail-log';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { mailSecrets } from '../../../mail/secrets.js';
import { secretRevealedMail } from '../../../mail/templates.js';
import { notifyMembers, secretRevealed } from '../../content/notifications/events.js';
import * as repo from './repo.js';
import { createMailResend, RESENDABLE } from './resend.js';

/** The outbox's words (mail/outbox.ts) as the back-office says them. */
const STATUS: Record<repo.OutboxStatus, MailStatus> = {
  sent: 'delivered',
  pending: 'pending',
  failed: 'failed',
  logged: 'logged-only',
};
const OUTBOX_STATUS = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [v, k])) as Record<
  MailStatus,
  repo.OutboxStatus
>;

const summary = (r: repo.MailRow): MailSummary => ({
  id: Number(r.id),
  to: r.to_address,
  subject: r.subject,
  template: r.template,
  status: STATUS[r.status],
  attempts: r.attempts,
  created_at: r.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
});

/**
 * Reading the mail outbox (issue 27.6) and what staff may do with a mail (issue 36). Mail about an
 * admin account (owner_only, marked when it was queued) is shown to owners only; to everyone else
 * such a mail does not exist (404). No one reads a secret here: bodies are stored masked. Without a
 * mail server (`mailServer` false) an owner may reveal one, audited, and the recipient is told;
 * with one, mails are delivered and no copy is kept to reveal.
 */
export function createMailLogService(deps: {
  db: Db;
  clock: Clock;
  /** The server secret, for the e-mail codes a re-sent verification mail issues. */
  secret: string;
  publicUrl: string;
  /** SMTP_URL is set: mail is delivered, and nothing is revealed. */
  mailServer: boolean;
}) {
  const { db, clock } = deps;
  const ownerSees = (actor: Actor) => actor.roles.includes('owner');
  const resender = createMailResend(deps);

  async function list(actor: Actor, f: MailListQuery) {
    const { rows, total } = await repo.list(db, {
      page: f.page,
      limit: f.limit,
      search: f.search || undefined,
      status: f.status ? OUTBOX_STATUS[f.status] : undefined,
      includeOwnerOnly: ownerSees(actor),
    });
    return { mails: rows.map(summary), ...pageFacts(total, f) };
  }

  async function get(actor: Actor, id: number) {
    const row = await repo.find(db, id, ownerSees(actor));
    if (!row) throw notFound(MAIL_TEXT.notFound);
    return {
      mail: {
        ...summary(row),
        body: row.body_text,
        last_error: row.last_error,
        has_secret: row.has_secret,
        revealable: ownerSees(actor) && !deps.mailServer && row.has_secret && row.secret_kept,
        resendable:
          adminMay(actor.roles, 'support', true) && (!row.has_secret || RESENDABLE.has(row.template)),
      },
    };
  }

  /**
   * An owner reads the code or link of a mail that could not be delivered (no mail server). The
   * route is the owner's alone; the check here keeps it so whoever calls the service.
   */
  async function reveal(actor: Actor, id: number) {
    if (!ownerSees(actor)) throw forbidden('Only an owner may reveal a code or link');
    if (deps.mailServer) throw conflict(MAIL_TEXT.mailServerSet);
    return withTx(db, async (tx) => {
      const row = await repo.find(tx, id, true, true);
      if (!row) throw notFound(MAIL_TEXT.notFound);
      if (!row.has_secret) throw badRequest(MAIL_TEXT.noSecret);
      const sealed = await repo.sealedCopy(tx, row.id);
      const original = sealed ? mailSecrets().open(sealed, row.id) : null;
      if (!original) throw conflict(MAIL_TEXT.secretGone);
      const now = clock.now();
      await recordAudit(tx, actor, {
        action: 'mail.reveal',
        targetType: 'mail',
        targetId: id,
        after: { to: row.to_address, template: row.template, subject: row.subject },
      });
      // the recipient is told: in the app when it is a member, and by mail (kept with the rest)
      const account = await repo.accountOf(tx, row.to_address);
      if (account?.role === 'user') {
        await notifyMembers(
          tx,
          [
            secretRevealed({
              key: `mail:${id}:revealed:${randomUUID()}`,
              userId: Number(account.id),
              subject: row.subject,
              at: now,
            }),
          ],
          now,
        );
      }
      await enqueueMail(
        tx,
        secretRevealedMail(
          row.to_address,
          { subject: row.subject, sentAt: row.created_at, revealedAt: now },
          account?.locale ?? null,
        ),
      );
      return {
        message: MAIL_TEXT.revealed,
        revealed: { id, subject: original.subject, body: original.text, secrets: original.secrets },
      };
    });
  }

  return { list, get, reveal, resend: resender.resend };
}

export type MailLogService = ReturnType<typeof createMailLogService>;
