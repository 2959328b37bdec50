import { MAIL_TEXT, type MailListQuery, type MailStatus, type MailSummary } from '@app/contracts/mail-log';
import { pageFacts } from '../../../db/paging.js';
import type { Db } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

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
 * Reading the mail outbox (issue 27.6). Mail about an admin account (owner_only, marked when it was
 * queued) is shown to owners only: its reset or invitation link would open an admin account to
 * whoever reads it (docs/decisions.md). To everyone else such a mail does not exist (404).
 */
export function createMailLogService(deps: { db: Db }) {
  const ownerSees = (actor: Actor) => actor.roles.includes('owner');

  async function list(actor: Actor, f: MailListQuery) {
    const { rows, total } = await repo.list(deps.db, {
      page: f.page,
      limit: f.limit,
      search: f.search || undefined,
      status: f.status ? OUTBOX_STATUS[f.status] : undefined,
      includeOwnerOnly: ownerSees(actor),
    });
    return { mails: rows.map(summary), ...pageFacts(total, f) };
  }

  async function get(actor: Actor, id: number) {
    const row = await repo.find(deps.db, id, ownerSees(actor));
    if (!row) throw notFound(MAIL_TEXT.notFound);
    return { mail: { ...summary(row), body: row.body_text, last_error: row.last_error } };
  }

  return { list, get };
}

export type MailLogService = ReturnType<typeof createMailLogService>;
