import {
  TICKET_MSG,
  type Ticket,
  type TicketResponse,
  type TicketStatus,
  type TicketWithResponses,
  type ticketCreateBody,
  type ticketListQuery,
} from '@app/contracts/tickets';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { ticketAnsweredMail } from '../../../mail/templates.js';
import { assertOpen } from '../../operations/settings/service.js';
import { notifyMembers, supportReplied } from '../notifications/events.js';
import * as repo from './repo.js';

/** What a member sees as the author of a support reply (admin usernames stay in the back-office). */
export const SUPPORT_NAME = 'Support team';

const ticketDto = (t: repo.TicketRow): Ticket => ({
  ticket_id: Number(t.id),
  user_id: Number(t.user_id),
  username: t.username,
  subject: t.subject,
  category: t.category,
  priority: t.priority,
  status: t.status,
  message: t.first_message,
  response_count: t.response_count,
  last_reply_by: t.last_reply_by,
  last_reply_at: t.last_reply_at.toISOString(),
  closed_at: t.closed_at?.toISOString() ?? null,
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});

const responseDto = (r: repo.ResponseRow, viewer: Actor): TicketResponse => ({
  id: Number(r.id),
  ticket_id: Number(r.ticket_id),
  author: r.author_role,
  author_name:
    r.author_role === 'admin' && viewer.audience !== 'admin'
      ? SUPPORT_NAME
      : (r.author_name ?? (r.author_role === 'admin' ? SUPPORT_NAME : 'Member')),
  message: r.message,
  created_at: r.created_at.toISOString(),
});

type CreateInput = z.output<typeof ticketCreateBody>;
type ListInput = z.output<typeof ticketListQuery>;

export function createTicketsService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  const ticketLink = (id: number) => `${deps.publicUrl.replace(/\/$/, '')}/user/queries/${id}`;

  async function full(q: Queryable, id: number | bigint, viewer: Actor): Promise<TicketWithResponses> {
    const t = await repo.find(q, id);
    if (!t) throw notFound(TICKET_MSG.notFound);
    const rows = await repo.responses(q, id);
    return { ...ticketDto(t), responses: rows.map((r) => responseDto(r, viewer)) };
  }

  /** The ticket, if the caller may see it: its owner, or any admin. */
  async function visible(q: Queryable, actor: Actor, id: number, lock = false) {
    const t = await repo.find(q, id, lock);
    if (!t) throw notFound(TICKET_MSG.notFound);
    assertSelfOrAdmin(actor, Number(t.user_id));
    return t;
  }

  async function create(actor: Actor, body: CreateInput) {
    return withTx(db, async (tx) => {
      await assertOpen(tx, 'support_open');
      const now = clock.now();
      const id = await repo.insert(tx, { userId: actor.userId, ...body, now });
      await repo.insertResponse(tx, {
        ticketId: id,
        authorId: actor.userId,
        role: 'user',
        message: body.message,
        now,
      });
      return { message: TICKET_MSG.created, ticket: await full(tx, id, actor) };
    });
  }

  /**
   * A reply to the conversation. Support's reply makes the ticket answered and, the first time since
   * the member last wrote, queues the "ticket answered" mail in the same transaction. The member's
   * reply on an answered ticket puts it back to open (waiting for support). Closed tickets refuse.
   */
  async function respond(actor: Actor, ticketId: number, message: string) {
    return withTx(db, async (tx) => {
      const isAdmin = actor.audience === 'admin';
      // closed support stops members writing; admins still answer what is already open
      if (!isAdmin) await assertOpen(tx, 'support_open');
      const before = await visible(tx, actor, ticketId, true);
      if (before.status === 'closed') throw conflict(TICKET_MSG.closed);
      const now = clock.now();
      const responseId = await repo.insertResponse(tx, {
        ticketId: before.id,
        authorId: actor.userId,
        role: isAdmin ? 'admin' : 'user',
        message,
        now,
      });
      let status: TicketStatus = before.status;
      let memberNotified = before.member_notified;
      if (isAdmin) {
        status = 'answered';
        // in the member's notifications too, every reply (the mail goes once until they write back)
        await notifyMembers(
          tx,
          [
            supportReplied({
              ticketId: Number(before.id),
              responseId: Number(responseId),
              userId: Number(before.user_id),
              subject: before.subject,
            }),
          ],
          now,
        );
        if (!before.member_notified) {
          await enqueueMail(
            tx,
            ticketAnsweredMail(
              before.email,
              before.fullname,
              { id: Number(before.id), subject: before.subject },
              message,
              ticketLink(Number(before.id)),
              before.locale,
            ),
          );
          memberNotified = true;
        }
      } else {
        if (before.status === 'answered') status = 'open';
        memberNotified = false;
      }
      await repo.afterReply(tx, before.id, { by: isAdmin ? 'admin' : 'user', status, memberNotified, now });
      const ticket = await full(tx, before.id, actor);
      if (isAdmin) {
        await recordAudit(tx, actor, {
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: ticketId,
          before: { status: before.status },
          after: {
            status,
            response_id: Number(responseId),
            mailed: memberNotified && !before.member_notified,
          },
        });
      }
      const response = ticket.responses.find((r) => r.id === Number(responseId))!;
      return { message: TICKET_MSG.responded, response, ticket };
    });
  }

  /** Admins set any status (audited); a member may only close their own ticket. */
  async function setStatus(actor: Actor, ticketId: number, status: TicketStatus) {
    return withTx(db, async (tx) => {
      const before = await visible(tx, actor, ticketId, true);
      if (actor.audience !== 'admin' && status !== 'closed') throw forbidden(TICKET_MSG.memberMayOnlyClose);
      if (before.status !== status) {
        await repo.setStatus(tx, before.id, status, clock.now());
        if (actor.audience === 'admin') {
          await recordAudit(tx, actor, {
            action: 'ticket.status',
            targetType: 'ticket',
            targetId: ticketId,
            before: { status: before.status },
            after: { status },
          });
        }
      }
      return { message: TICKET_MSG.statusUpdated, ticket: await full(tx, before.id, actor) };
    });
  }

  /** GET /tickets (admin): every ticket, filtered by status and search. */
  async function listAll(f: ListInput) {
    const { rows, total, counts } = await repo.list(db, f);
    return { tickets: rows.map(ticketDto), counts, ...pageFacts(total, f) };
  }

  /** GET /tickets/{userId}: one member's tickets, for that member or an admin. */
  async function listForUser(actor: Actor, userId: number, f: ListInput) {
    assertSelfOrAdmin(actor, userId);
    const { rows, total, counts } = await repo.list(db, { ...f, userId });
    return { tickets: rows.map(ticketDto), counts, ...pageFacts(total, f) };
  }

  async function single(actor: Actor, id: number) {
    await visible(db, actor, id);
    return full(db, id, actor);
  }

  async function responses(actor: Actor, id: number) {
    await visible(db, actor, id);
    return (await repo.responses(db, id)).map((r) => responseDto(r, actor));
  }

  return { create, respond, setStatus, listAll, listForUser, single, responses };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
