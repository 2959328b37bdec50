import { RESET_TOKEN_TTL_MINUTES } from '@app/contracts/auth';
import { MAIL_TEXT } from '@app/contracts/mail-log';
import { MSG } from '@app/contracts/messages';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { badRequest, notFound, tooMany } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { otpMail, resetMail } from '../../../mail/templates.js';
import { newLinkToken, tokenDigest } from '../../../secrets.js';
import { createEmailCodes } from '../../identity/otp/codes.js';
import { insertReset } from '../../identity/password/repo.js';
import * as repo from './repo.js';

/** The mails with a secret support can send again with a new one; the rest start on their own page. */
export const RESENDABLE = new Set(['otp', 'password_reset']);

const RESEND_AFTER_MS = 60_000;

/**
 * Support re-sends a mail (issue 36): the way to help a member who lost a code or link, now that no
 * one in the back-office reads one. A mail with a code or link is sent again with a NEW one, and the
 * old one stops working (it may have been read where it should not); a mail without a secret is
 * queued again as it was. Admin-account mails (invitations, an admin's address code) are re-sent
 * from the Team and Account pages, which know what they are for.
 */
export function createMailResend(deps: { db: Db; clock: Clock; secret: string; publicUrl: string }) {
  const { db, clock } = deps;
  const codes = createEmailCodes(deps);

  async function resendSecret(tx: Queryable, row: repo.MailDetailRow): Promise<bigint> {
    const account = await repo.accountOf(tx, row.to_address);
    if (!account) throw badRequest(MAIL_TEXT.noMember);
    if (row.template === 'otp') {
      if (account.verify_at) throw badRequest(MSG.alreadyVerified);
      // replaces the open code; refuses within a minute of the last one (429)
      const { code, minutes } = await codes.issue(tx, Number(account.id), 'verify');
      return enqueueMail(tx, otpMail(account.email, account.fullname, code, minutes, account.locale));
    }
    const now = clock.now();
    const newest = await repo.closeOpenResets(tx, account.id, now);
    if (newest && now.getTime() - newest.getTime() < RESEND_AFTER_MS) {
      throw tooMany('A link was sent less than a minute ago. Wait before sending another.');
    }
    const token = newLinkToken();
    await insertReset(
      tx,
      tokenDigest(token),
      account.id,
      now,
      new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
    );
    // the link's form is the one modules/identity/password mails (the web app's reset page)
    const link = `${deps.publicUrl.replace(/\/$/, '')}/reset-password?token=${token}`;
    return enqueueMail(
      tx,
      resetMail(account.email, account.fullname, link, RESET_TOKEN_TTL_MINUTES, account.locale),
    );
  }

  async function resend(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const row = await repo.find(tx, id, actor.roles.includes('owner'), true);
      if (!row) throw notFound(MAIL_TEXT.notFound);
      if (row.has_secret && !RESENDABLE.has(row.template)) throw badRequest(MAIL_TEXT.notResendable);
      const newId = row.has_secret
        ? await resendSecret(tx, row)
        : await enqueueMail(tx, {
            to: row.to_address,
            subject: row.subject,
            text: row.body_text,
            template: row.template,
          });
      if (row.has_secret) await repo.dropEarlierSecrets(tx, row.to_address, row.template, newId);
      await recordAudit(tx, actor, {
        action: 'mail.resend',
        targetType: 'mail',
        targetId: id,
        after: { to: row.to_address, template: row.template, new_mail_id: String(newId) },
      });
      return { message: row.has_secret ? MAIL_TEXT.resent : MAIL_TEXT.copied, mail_id: Number(newId) };
    });
  }

  return { resend };
}
