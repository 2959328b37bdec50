import { MSG, SPEC_TEXT } from '@app/contracts/messages';
import { fromMicro } from '@app/contracts/money';
import { passwordProblem } from '@app/contracts/passwords';
import { TEAM_MSG } from '@app/contracts/team-messages';
import type { ControlKind, User } from '@app/contracts/users';
import {
  type AdminUpdateBody,
  adminUpdateBody,
  type SelfUpdateBody,
  selfUpdateBody,
  type Wallets,
} from '@app/contracts/users';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { pageFacts } from '../../../db/paging.js';
import { type Db, type Queryable, type Tx, withTx } from '../../../db/pool.js';
import { badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { parseInput } from '../../../http/validate.js';
import { treeEvent } from '../../compensation/referral/repo.js';
import { assertAdminMayBeRemoved } from '../admins/lockout.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { findSponsorByCode } from '../auth/repo.js';
import type { SessionAuth } from '../auth/tokens.js';
import { STAFF_SETS_NO_PASSWORD, STAFF_SETS_NO_PAYOUT, startControlHold } from './control-hold.js';
import { endedHold, toUserDto } from './dto.js';
import * as repo from './repo.js';
import type { MemberViewCache } from './view-cache.js';

/**
 * What the member view cache keeps: the answer of GET /users/{id} and the role that decides who may
 * see it. The answer is frozen, so it is checked against its contract and serialised once per
 * change (http/serialize.ts), not on every read.
 */
export interface MemberView {
  role: repo.UserViewRow['role'];
  answer: Readonly<{ singleuser: Readonly<User> }>;
}

/** Columns an admin edit may write, in the order the audit log shows them. */
const ADMIN_COLUMNS = [
  'username',
  'email',
  'status',
  'is_active',
  'roi_status',
  'level_status',
  'address',
  'business',
  'fullname',
  'phone',
] as const;
const SELF_COLUMNS = ['fullname', 'phone', 'address', 'bep20', 'trc20', 'locale'] as const;
/** Staff see a member's language but never choose it for them (issue 38). */
export const STAFF_SETS_NO_LOCALE =
  "Staff cannot set a member's language: the member chooses it in their own profile or the language picker.";

/**
 * The sponsor of `code` that `member` may move under (400 when there is none, or it is the member or
 * in their own team): checked when staff ask for the move and again when it is made.
 */
export async function sponsorFor(q: Queryable, member: repo.UserViewRow, code: string) {
  if (member.role !== 'user' || !member.path) throw badRequest('Only members have a sponsor');
  const sponsor = code ? await findSponsorByCode(q, code) : null;
  if (!sponsor) throw badRequest(MSG.sponsorInvalid);
  const inOwnTeam = sponsor.path === member.path || sponsor.path.startsWith(`${member.path}.`);
  if (inOwnTeam) throw badRequest('A member cannot be moved under themselves or their own team');
  return { sponsor, memberPath: member.path };
}

export function createUsersService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionAuth;
  views?: MemberViewCache<MemberView>;
}) {
  const { db, clock, sessions, views } = deps;

  async function list(f: repo.ListFilter) {
    const { rows, total } = await repo.listMembers(db, f);
    const now = clock.now();
    return { users: rows.map((row) => toUserDto(row, now)), ...pageFacts(total, f) };
  }

  async function stats() {
    const s = await repo.memberStats(db, clock.now());
    return {
      total: s.total,
      active: s.active,
      blocked: s.blocked,
      verified: s.verified,
      newToday: s.new_today,
      newPerDay: s.perDay,
    };
  }

  /** GET /users/{id}: `{ singleuser }`. */
  async function get(actor: Actor, id: number) {
    assertSelfOrAdmin(actor, id);
    const view = await memberView(id);
    if (!view || (actor.audience === 'member' && view.role !== 'user')) throw notFound(MSG.userNotFound);
    // the cached answer keeps a control hold as stored: one that ended is dropped here, by the clock
    const shown = endedHold(view.answer.singleuser, clock.now());
    return shown === view.answer.singleuser ? view.answer : { singleuser: shown };
  }

  /** The member's figures, from memory while nothing changed them (view-cache.ts). */
  async function memberView(id: number): Promise<MemberView | null> {
    const hit = views?.get(id);
    if (hit) return hit;
    const generation = views?.mark() ?? 0;
    const row = await repo.findView(db, id);
    if (!row) return null;
    const view: MemberView = {
      role: row.role,
      answer: Object.freeze({ singleuser: Object.freeze(toUserDto(row)) }),
    };
    views?.put(id, view, generation, row.valid_ms);
    return view;
  }

  async function wallets(actor: Actor, id: number) {
    assertSelfOrAdmin(actor, id);
    const rows = await repo.wallets(db, id);
    const pick = (value: (r: (typeof rows)[number]) => bigint) =>
      Object.fromEntries(
        (['fund', 'earnings', 'roi', 'principal', 'compound'] as const).map((kind) => {
          const row = rows.find((r) => r.kind === kind);
          return [kind, fromMicro(row ? value(row) : 0n)];
        }),
      ) as Wallets['wallets'];
    return { wallets: pick((r) => r.balance - r.pending), held: pick((r) => r.pending) };
  }

  async function byEmail(email: string) {
    const row = await repo.findViewByEmail(db, email);
    if (!row) throw notFound(MSG.userNotFound);
    return toUserDto(row, clock.now());
  }

  /** The body's allowed shape depends on who edits: a member their own profile, an admin spec 2.2. */
  async function update(actor: Actor, id: number, body: unknown) {
    assertSelfOrAdmin(actor, id);
    if (actor.audience === 'admin') {
      // a payout address is the member's alone (issue 36): named before the body's shape is checked
      const keys = body && typeof body === 'object' ? Object.keys(body) : [];
      if (keys.includes('bep20') || keys.includes('trc20')) throw forbidden(STAFF_SETS_NO_PAYOUT);
      // the language is the member's own choice (issue 38): staff see it, never set it
      if (keys.includes('locale')) throw forbidden(STAFF_SETS_NO_LOCALE);
      return adminUpdate(actor, id, parseInput(adminUpdateBody, body));
    }
    return selfUpdate(actor, id, parseInput(selfUpdateBody, body));
  }

  async function selfUpdate(actor: Actor, id: number, body: SelfUpdateBody) {
    return withTx(db, async (tx) => {
      const locked = await repo.lockUser(tx, id);
      if (!locked) throw notFound(MSG.userNotFound);
      const changes: Record<string, unknown> = pick(body, SELF_COLUMNS);
      const what: ControlKind[] = [];
      if (body.password !== undefined) {
        if (!body.current_password) throw badRequest(MSG.currentPasswordRequired);
        if (!(await verifyPassword(locked.password_hash, body.current_password)))
          throw badRequest(MSG.currentPasswordWrong);
        changes.password_hash = await hashPassword(body.password);
        // other devices signed in with the old password are signed out; this one stays
        await sessions.revokeAll(tx, id, actor.sessionId);
        what.push('password');
      }
      // a payout address that replaces another redirects the member's money: held; a first one is told
      const newAddress = (['bep20', 'trc20'] as const).filter(
        (net) => body[net] !== undefined && body[net] !== '' && body[net] !== locked[net],
      );
      if (newAddress.length > 0) what.push('payout_address');
      const now = clock.now();
      changes.updated_at = now;
      await repo.updateColumns(tx, id, changes);
      await startControlHold(tx, {
        userId: id,
        what,
        oldEmail: locked.email,
        ip: actor.ip,
        now,
        byStaff: false,
        hold: body.password !== undefined || newAddress.some((net) => locked[net] !== ''),
      });
      return { message: body.password !== undefined ? SPEC_TEXT.passwordChanged : MSG.userUpdated };
    });
  }

  async function adminUpdate(actor: Actor, id: number, body: AdminUpdateBody) {
    return withTx(db, async (tx) => {
      // blocking is how an admin is deactivated (is_active is a member's plan flag)
      if (body.status === 'block') await assertAdminMayBeRemoved(tx, actor, id);
      if (!(await repo.lockUser(tx, id))) throw notFound(MSG.userNotFound);
      const before = (await repo.findView(tx, id))!;
      // an admin account (its e-mail, password, status) is the team's: owners change it
      if (before.role === 'admin' && !actor.roles.includes('owner'))
        throw forbidden(TEAM_MSG.adminOnlyByOwner);
      if (body.role !== undefined && body.role !== before.role) throw badRequest(MSG.roleNotEditable);
      if (body.business_balance !== undefined && body.business_balance !== before.business_balance) {
        throw badRequest(MSG.balanceOnLedger);
      }
      const changes: Record<string, unknown> = pick(body, ADMIN_COLUMNS);
      for (const column of ['email', 'username'] as const) {
        const value = changes[column] as string | undefined;
        if (
          value !== undefined &&
          value.toLowerCase() !== before[column].toLowerCase() &&
          (await repo.isTaken(tx, column, value, id))
        ) {
          throw conflict(column === 'email' ? MSG.emailTaken : 'This username is already taken');
        }
      }
      if (body.password) {
        // a member's password is theirs alone (issue 36): they set a new one by the reset link
        if (before.role === 'user') throw forbidden(STAFF_SETS_NO_PASSWORD);
        // the contract checked the member rule; an administrator's password must meet theirs
        const problem = before.role === 'admin' ? passwordProblem(body.password, 'admin') : null;
        if (problem) throw badRequest(problem);
        changes.password_hash = await hashPassword(body.password);
      }
      if (body.reffer_by !== undefined && body.reffer_by.toUpperCase() !== (before.reffer_by ?? '')) {
        await changeSponsor(tx, before, body.reffer_by);
      }
      const now = clock.now();
      changes.updated_at = now;
      await repo.updateColumns(tx, id, changes);
      const newEmail = changes.email as string | undefined;
      if (before.role === 'user' && newEmail && newEmail.toLowerCase() !== before.email.toLowerCase()) {
        // where reset links go moved: the old address is told and money out waits (issue 36)
        await startControlHold(tx, {
          userId: id,
          what: ['email'],
          oldEmail: before.email,
          ip: actor.ip,
          now,
          byStaff: true,
        });
      }
      if (body.is_active !== undefined && body.is_active !== before.is_active && before.role === 'user') {
        // the team roll-up re-reads the member: team totals count active members only (spec 9)
        const kind = body.is_active === 'active' ? 'activated' : 'deactivated';
        await treeEvent(tx, { userId: id, kind, refType: 'admin_edit', refId: String(id), now: clock.now() });
      }
      if (body.password || (body.status === 'block' && before.status !== 'block'))
        await sessions.revokeAll(tx, id);
      const after = (await repo.findView(tx, id))!;
      await recordAudit(tx, actor, {
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        before: auditable(before, false),
        after: auditable(after, Boolean(body.password)),
      });
      return { message: MSG.userUpdated };
    });
  }

  async function changeSponsor(tx: Tx, member: repo.UserViewRow, code: string) {
    const { sponsor, memberPath } = await sponsorFor(tx, member, code);
    await repo.moveSubtree(
      tx,
      Number(member.id),
      memberPath,
      {
        id: sponsor.id,
        code: sponsor.refferal_code,
        path: sponsor.path,
      },
      clock.now(),
    );
  }

  async function remove(actor: Actor, id: number) {
    if (actor.audience !== 'admin') throw forbidden(MSG.forbidden);
    return withTx(db, async (tx) => {
      await assertAdminMayBeRemoved(tx, actor, id);
      const locked = await repo.lockUser(tx, id);
      if (!locked) throw notFound(MSG.userNotFound);
      if (locked.role === 'admin') throw badRequest(MSG.deleteAdmin);
      if (await repo.hasMoneyHistory(tx, id)) throw badRequest(MSG.deleteHasMoney);
      if (await repo.hasDownline(tx, id)) throw badRequest(MSG.deleteHasTeam);
      const before = (await repo.findView(tx, id))!;
      await repo.deleteUser(tx, id, clock.now());
      await recordAudit(tx, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        before: auditable(before, false),
      });
      return { message: MSG.userDeleted };
    });
  }

  return { list, stats, get, wallets, byEmail, update, remove };
}

export type UsersService = ReturnType<typeof createUsersService>;

function pick<K extends string>(body: Partial<Record<K, unknown>>, keys: readonly K[]) {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

/** What the audit log keeps of a user: the API view (never the hash); a password change is noted. */
function auditable(row: repo.UserViewRow, passwordChanged: boolean) {
  const view = toUserDto(row);
  return passwordChanged ? { ...view, password: 'changed' } : view;
}
