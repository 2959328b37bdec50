import { fromMicro } from '@app/contracts/money';
import type {
  ReferralFullResponse,
  ReferralListResponse,
  ReferralMember,
  ReferralSearchResponse,
  TeamSummary,
  TreeNode,
} from '@app/contracts/referral';
import { TREE_MAX_NODES } from '@app/contracts/referral';
import type { Db, Queryable } from '../../../db/pool.js';
import { forbidden, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import * as repo from './repo.js';

/** Legs in a team summary: the biggest ones (a member may sponsor thousands). */
export const MAX_LEGS = 100;
const SEARCH_LIMIT = 10;

export const REFERRAL_MSG = {
  codeNotFound: 'No member has this referral code',
  memberNotFound: 'Member not found',
  notYourTeam: 'You can only view your own team',
} as const;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toMember(r: repo.NodeRow): ReferralMember {
  const ownBusiness = r.is_active === 'active' ? r.active_plan : 0n;
  return {
    id: Number(r.id),
    username: r.username,
    fullname: r.fullname,
    refferal_code: r.refferal_code,
    is_active: r.is_active,
    status: r.status,
    active_plan: fromMicro(r.active_plan),
    investment_plan: fromMicro(r.investment_plan),
    direct_count: r.direct_count,
    active_directs: r.active_directs,
    team_count: r.team_count,
    active_team: r.active_team,
    team_business: fromMicro(r.team_business),
    team_investment: fromMicro(r.team_investment),
    business: fromMicro(ownBusiness + r.team_business),
    created_at: r.created_at.toISOString(),
  };
}

function toNode(r: repo.NodeRow, level: number): TreeNode {
  const sponsor = r.sponsor_id === null ? null : Number(r.sponsor_id);
  return { ...toMember(r), level, sponsor_id: sponsor, referrals: [] };
}

function toTeamSummary(team: repo.TeamRow): TeamSummary {
  return {
    user_id: Number(team.user_id),
    direct_count: team.direct_count,
    active_directs: team.active_directs,
    team_count: team.team_count,
    active_team: team.active_team,
    team_business: fromMicro(team.team_business),
    legs: team.legs.map((l) => ({
      user_id: l.user_id,
      username: l.username,
      business: fromMicro(BigInt(l.business)),
      team_count: l.team_count,
    })),
    as_of: (team.as_of ?? new Date(0)).toISOString(),
  };
}

/**
 * A member's team figures as the roll-up keeps them (the agreed `teamSummary` contract); null for
 * an unknown member. Call `rollUpTeams` first when the figures decide money.
 */
export async function teamSummaryOf(q: Queryable, userId: number): Promise<TeamSummary | null> {
  const team = await repo.team(q, userId, MAX_LEGS);
  return team ? toTeamSummary(team) : null;
}

/**
 * `treeData` is the member's direct members, each with its `referrals`, as the spec family's back
 * end answers it (its tree component maps over the array); `root` is the member asked for, with the
 * same array as its `referrals`, for clients that need the member's own figures (our tree screen).
 */
const treeOf = (root: TreeNode) => ({ treeData: root.referrals, root });

export function createReferralService(deps: { db: Db }) {
  const { db } = deps;

  /** The member behind a code, if the caller may see them: their own downline, or anyone for admins. */
  async function visible(actor: Actor, target: repo.MemberRef | null, missing: string) {
    if (!target) throw notFound(missing);
    if (actor.audience !== 'admin' && !(await repo.isInDownline(db, actor.userId, target.path)))
      throw forbidden(REFERRAL_MSG.notYourTeam);
    return target;
  }

  async function list(
    actor: Actor,
    code: string,
    f: { page: number; limit: number; search?: string | undefined },
  ): Promise<ReferralListResponse> {
    const target = await visible(actor, await repo.findByCode(db, code), REFERRAL_MSG.codeNotFound);
    const [{ rows, total }, asOf] = await Promise.all([
      repo.directs(db, target.id, { ...f, search: f.search || undefined }),
      repo.asOf(db),
    ]);
    return {
      referralTree: rows.map(toMember),
      total,
      totalPages: Math.ceil(total / f.limit),
      currentPage: f.page,
      as_of: iso(asOf),
    };
  }

  /**
   * GET /referral/full: the whole downline a page at a time by default, the levels view when the
   * client asks for depth, page or limit (referralFullQuery). `truncated` whenever a member of the
   * downline is not in the answer, so a client never takes a part for the whole.
   */
  async function full(
    actor: Actor,
    code: string,
    f: {
      depth?: number | undefined;
      page?: number | undefined;
      limit?: number | undefined;
      cursor?: { page: number; after: number } | undefined;
    },
  ): Promise<ReferralFullResponse> {
    const target = await visible(actor, await repo.findByCode(db, code), REFERRAL_MSG.codeNotFound);
    if (f.depth === undefined && f.page === undefined && f.limit === undefined)
      return downline(target, f.cursor ?? { page: 1, after: 0 });
    return levels(target, { depth: f.depth ?? 2, page: f.page ?? 1, limit: f.limit ?? 10 });
  }

  /**
   * One page of the whole downline, TREE_MAX_NODES members in the order they joined (a member who
   * joins while a client pages comes on a later page). Members nest under their sponsor when it is
   * in the answer, else under the member asked for (`sponsor_id` says where they belong): every
   * member is on exactly one page, so sums over the pages are the team's.
   */
  async function downline(target: repo.MemberRef, cursor: { page: number; after: number }) {
    const [rootRow, asOf, rows] = await Promise.all([
      repo.node(db, target.id),
      repo.asOf(db),
      repo.downlinePage(db, target, cursor.after, TREE_MAX_NODES + 1),
    ]);
    const more = rows.length > TREE_MAX_NODES;
    const root = toNode(rootRow!, 0);
    const nodes = rows.slice(0, TREE_MAX_NODES).map((r) => toNode(r, r.nlevel - rootRow!.nlevel));
    const byId = new Map([root, ...nodes].map((n) => [n.id, n]));
    for (const n of nodes) (byId.get(n.sponsor_id!) ?? root).referrals.push(n);
    const last = nodes.at(-1);
    return {
      ...treeOf(root),
      depth: nodes.reduce((deepest, n) => Math.max(deepest, n.level), 0),
      currentPage: cursor.page,
      totalPages: more ? Math.max(cursor.page + 1, Math.ceil(root.team_count / TREE_MAX_NODES)) : cursor.page,
      truncated: more || cursor.page > 1,
      next_cursor: more && last ? `${cursor.page + 1}.${last.id}` : null,
      as_of: iso(asOf),
    };
  }

  /**
   * The member and `depth` levels below, breadth first, one query per level: page/limit page the
   * member's own direct members, deeper nodes carry their first `limit`. Never more than
   * TREE_MAX_NODES nodes: past it, nodes come without their referrals.
   */
  async function levels(target: repo.MemberRef, f: { depth: number; page: number; limit: number }) {
    const [rootRow, asOf] = await Promise.all([repo.node(db, target.id), repo.asOf(db)]);
    const root = toNode(rootRow!, 0);
    const sent = [root];
    let frontier = [root];
    for (let level = 1; level <= f.depth && frontier.length > 0; level++) {
      const room = TREE_MAX_NODES - sent.length;
      const expandable = frontier.filter((n) => n.direct_count > 0);
      if (expandable.length === 0) break;
      // expand only as many parents as the node budget can hold in full
      const parents = expandable.slice(0, Math.max(0, Math.floor(room / f.limit)));
      if (parents.length === 0) break;
      const offset = level === 1 ? (f.page - 1) * f.limit : 0;
      const rows = await repo.childrenOf(
        db,
        parents.map((p) => BigInt(p.id)),
        f.limit,
        offset,
      );
      const byId = new Map(parents.map((p) => [p.id, p]));
      const next = rows.map((row) => toNode(row, level));
      for (const child of next) byId.get(child.sponsor_id!)!.referrals.push(child);
      sent.push(...next);
      frontier = next;
    }
    return {
      ...treeOf(root),
      depth: f.depth,
      currentPage: f.page,
      totalPages: Math.max(1, Math.ceil(root.direct_count / f.limit)),
      // another page, a deeper level, a node's members past `limit` or past the node budget
      truncated: sent.some((n) => n.direct_count > n.referrals.length),
      next_cursor: null,
      as_of: iso(asOf),
    };
  }

  /** One statement for the figures; a member's access check adds one on the path it answered. */
  async function team(actor: Actor, userId: number): Promise<{ team: TeamSummary }> {
    const row = await repo.team(db, userId, MAX_LEGS);
    await visible(
      actor,
      row && { id: row.user_id, path: row.path, refferal_code: '' },
      REFERRAL_MSG.memberNotFound,
    );
    return { team: toTeamSummary(row!) };
  }

  /** Members of the downline below `code` by username prefix or exact code, with their path from it. */
  async function find(actor: Actor, code: string, text: string): Promise<ReferralSearchResponse> {
    const root = await visible(actor, await repo.findByCode(db, code), REFERRAL_MSG.codeNotFound);
    const found = await repo.search(db, root, text, SEARCH_LIMIT);
    const rootDepth = root.path.split('.').length;
    const steps = found.map((m) => m.path.split('.').slice(rootDepth - 1));
    const names = await repo.names(db, [...new Set(steps.flat())].map(BigInt));
    return {
      matches: found.map((m, i) => ({
        id: Number(m.id),
        username: m.username,
        fullname: m.fullname,
        refferal_code: m.refferal_code,
        is_active: m.is_active,
        path: steps[i]!.flatMap((id) => {
          const n = names.get(id);
          return n ? [{ id: Number(n.id), username: n.username, refferal_code: n.refferal_code }] : [];
        }),
      })),
    };
  }

  return { list, full, team, find };
}

export type ReferralService = ReturnType<typeof createReferralService>;
