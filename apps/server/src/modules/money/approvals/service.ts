/**
 * No single admin moves a member's money (issue 36). A back-office action that moves a member's
 * money (or controls where it can go) is recorded as a request by the admin who asks; a second
 * admin approves it, and only then does it run, as the approver, with a key made from the request
 * so that a retry after a crash replays instead of paying twice. Deposits and withdrawals approved
 * by hand may still be done alone under the four-eyes amount, while one admin's and one member's
 * solo totals over 24 h stay under the settings' limits (`soloGuard`).
 */
import { type AdminArea, adminMay } from '@app/contracts/admins';
import type { Approval, ApprovalKind } from '@app/contracts/approvals';
import { MSG } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { assertMayApproveAsSecond } from '../../identity/admins/separation.js';
import * as repo from './repo.js';
import { createSoloLimits } from './solo.js';

export { SecondAdminNeeded } from './solo.js';

export interface ApprovalKindSpec {
  /** The role (area) that may ask for it and approve it; owners hold every role. */
  area: AdminArea;
  /** Runs the action as the approving admin; `key` is the same on every attempt. Answers in words. */
  run(approver: Actor, payload: Record<string, unknown>, key: string): Promise<string>;
}

export function toDto(a: repo.ApprovalRow): Approval {
  const admin = (id: bigint | null, name: string | null, email: string | null) =>
    id === null ? null : { id: Number(id), name: name ?? '', email: email ?? '' };
  return {
    id: Number(a.id),
    kind: a.kind,
    user_id: a.user_id === null ? null : Number(a.user_id),
    username: a.username,
    amount: a.amount === null ? null : fromMicro(a.amount),
    summary: a.summary,
    status: a.status,
    requested_by: admin(a.requested_by, a.requested_name, a.requested_email)!,
    requested_at: a.requested_at.toISOString(),
    decided_by: admin(a.decided_by, a.decided_name, a.decided_email),
    decided_at: a.decided_at?.toISOString() ?? null,
    reason: a.reason,
    result: a.result,
  };
}

export function createApprovalsService(deps: { db: Db; clock: Clock; fourEyesAbove: bigint }) {
  const { db, clock, fourEyesAbove } = deps;
  const kinds = new Map<ApprovalKind, ApprovalKindSpec>();
  const solo = createSoloLimits({ clock, fourEyesAbove });

  function specOf(kind: ApprovalKind) {
    const spec = kinds.get(kind);
    if (!spec) throw new Error(`No approval kind ${kind} registered`);
    return spec;
  }

  /** The admin asks; nothing moves until another admin approves. Answers 202's body. */
  async function request(
    actor: Actor,
    r: {
      kind: ApprovalKind;
      userId: number | null;
      amount: bigint | null;
      payload: unknown;
      summary: string;
      requestKey: string | null;
    },
  ) {
    if (actor.audience !== 'admin') throw forbidden(MSG.forbidden);
    if (!adminMay(actor.roles, specOf(r.kind).area, true)) throw forbidden(MSG.forbidden);
    if (r.amount !== null && r.amount <= 0n) throw badRequest('Amount must be greater than zero');
    return withTx(db, async (tx) => {
      const inserted = await repo.insert(tx, {
        ...r,
        requestKey: r.requestKey ? `${actor.userId}:${r.requestKey}` : null,
        requestedBy: actor.userId,
        now: clock.now(),
      });
      if (!inserted) throw conflict('This request was decided a moment ago: reload and look at it');
      const { id, created } = inserted;
      const row = (await repo.find(tx, id))!;
      if (created) {
        await recordAudit(tx, actor, {
          action: 'approval.requested',
          targetType: 'approval',
          targetId: Number(id),
          after: { kind: r.kind, user_id: r.userId, amount: r.amount, summary: r.summary },
        });
      }
      return {
        message: `Waiting for a second admin: ${r.summary}. Nothing has changed yet; another admin approves it under Approvals.`,
        approval: toDto(row),
      };
    });
  }

  /** A second admin of the same role, on the team for at least a day, approves: the action runs now. */
  async function approve(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const a = await pendingFor(tx, actor, id);
      if (Number(a.requested_by) === actor.userId) {
        throw conflict('You asked for this yourself: another admin must approve it');
      }
      await assertMayApproveAsSecond(tx, actor.userId, clock.now());
      // The row stays locked while the action runs in its own transaction: a second approver waits
      // here and then finds it decided. A crash in between leaves it pending, and approving again
      // replays the action by its key instead of running it twice.
      const result = await specOf(a.kind).run(actor, a.payload, `approval:${a.id}`);
      await repo.decide(tx, a.id, { status: 'approved', by: actor.userId, now: clock.now(), result });
      await recordAudit(tx, actor, {
        action: 'approval.approved',
        targetType: 'approval',
        targetId: id,
        after: { kind: a.kind, user_id: a.user_id, amount: a.amount, requested_by: a.requested_by, result },
      });
      return { message: `Approved: ${result}`, approval: toDto((await repo.find(tx, a.id))!) };
    });
  }

  /** Another admin rejects with a reason, or the one who asked withdraws it. */
  async function reject(actor: Actor, id: number, reason: string) {
    return withTx(db, async (tx) => {
      const a = await pendingFor(tx, actor, id);
      const own = Number(a.requested_by) === actor.userId;
      const status = own ? 'cancelled' : 'rejected';
      await repo.decide(tx, a.id, { status, by: actor.userId, now: clock.now(), reason });
      await recordAudit(tx, actor, {
        action: `approval.${status}`,
        targetType: 'approval',
        targetId: id,
        after: { kind: a.kind, user_id: a.user_id, amount: a.amount, reason },
      });
      return {
        message: own ? 'Request withdrawn: nothing was done' : 'Rejected: nothing was done',
        approval: toDto((await repo.find(tx, a.id))!),
      };
    });
  }

  async function pendingFor(q: Queryable, actor: Actor, id: number) {
    const a = await repo.find(q, id, true);
    if (!a) throw notFound('Approval request not found');
    if (!adminMay(actor.roles, specOf(a.kind).area, true)) throw forbidden(MSG.forbidden);
    if (a.status !== 'pending') {
      throw conflict(`This request is already ${a.status}${a.decided_name ? ` by ${a.decided_name}` : ''}`);
    }
    return a;
  }

  async function list(query: { page: number; limit: number; status: string }) {
    const { rows, total } = await repo.list(db, query);
    return { approvals: rows.map(toDto), ...pageFacts(total, query) };
  }

  return {
    register: (kind: ApprovalKind, spec: ApprovalKindSpec) => void kinds.set(kind, spec),
    request,
    approve,
    reject,
    list,
    soloProblem: (adminId: number, userId: number, amount: bigint) =>
      solo.problem(db, adminId, userId, amount),
    soloGuard: solo.guard,
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
