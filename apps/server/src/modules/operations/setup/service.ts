import {
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  type AdminArea,
  type AdminRole,
  adminMay,
} from '@app/contracts/admins';
import { BACKUP_STALE_HOURS } from '@app/contracts/backups';
import { formatUsdt, toMicro } from '@app/contracts/money';
import { totpRequiredFor } from '@app/contracts/settings';
import { SETUP_ITEM_IDS, SETUP_TEXT, type SetupItem, type SetupItemId } from '@app/contracts/setup';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import { type Db, withTx } from '../../../db/pool.js';
import { notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { backupDir } from '../backups/service.js';
import { readSettings } from '../settings/service.js';
import * as repo from './repo.js';

/** The configuration the checks read; every other fact comes from the database (repo.facts). */
export type SetupConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'PAYMENT_PROVIDER'
  | 'DEPOSIT_ADDRESS_BEP20'
  | 'CHAIN_RPC_56'
  | 'PUBLIC_URL'
  | 'FOUR_EYES_ABOVE_USDT'
  | 'BACKUP_TIME'
  | 'BACKUP_DIR'
  | 'DATA_DIR'
>;

interface Checked {
  done: boolean;
  /** Overrides the item's explanation when the state says more (sandbox payments, say). */
  explanation?: string;
  /** Overrides the item's page when the state decides where it is fixed. */
  path?: string;
}

/** Who reads the list, with their roles: they see only the items they can fix (issue 37.21). */
interface Viewer {
  roles: readonly AdminRole[];
  /** May act on the whole team and platform. */
  owner: boolean;
}

interface ItemDefinition {
  title: string;
  explanation: string;
  path: string | null;
  docs: string | null;
  /**
   * Who can fix it: the admins whose roles may change that area (contracts/admins.ts `adminMay`),
   * or a rule of the item's own (an address or password of one's own account).
   */
  fixedBy: AdminArea | ((facts: repo.SetupFacts, viewer: Viewer) => boolean);
  check: (config: SetupConfig, facts: repo.SetupFacts, now: Date, viewer: Viewer) => Checked;
}

const OPS = 'docs/operations.md';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

/**
 * Whether the platform has a recent good backup: the newest one did not fail, and one succeeded
 * within BACKUP_STALE_HOURS (a daily schedule plus slack). Says what is wrong otherwise.
 */
export function backupsChecked(config: SetupConfig, f: repo.SetupFacts, now: Date): Checked {
  const schedule =
    config.BACKUP_TIME === 'off'
      ? 'Scheduled backups are off (BACKUP_TIME=off)'
      : `Backups run daily at ${config.BACKUP_TIME} UTC into ${backupDir(config)}`;
  const last = f.last_backup;
  if (last?.status === 'failed')
    return {
      done: false,
      explanation: `The last backup failed (${utcMinute(last.finished_at ?? last.started_at)}): ${last.error ?? 'no reason recorded'}`,
    };
  if (!f.last_backup_ok_at)
    return {
      done: false,
      explanation:
        last?.status === 'running'
          ? 'The first backup is running.'
          : `No backup yet. ${schedule}; an owner can also back up now from the dashboard, or run npm run backup.`,
    };
  const ageHours = (now.getTime() - f.last_backup_ok_at.getTime()) / 3_600_000;
  if (ageHours > BACKUP_STALE_HOURS)
    return {
      done: false,
      explanation: `The last good backup is from ${utcMinute(f.last_backup_ok_at)}, over a day ago. ${schedule}.`,
    };
  return { done: true };
}

const utcMinute = (at: Date | string) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function publicHostIsLoopback(url: string) {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return true;
  }
}

/** Every item, in the order an operator would work through them. */
const ITEMS: Record<SetupItemId, ItemDefinition> = {
  'admin-email': {
    title: "Set the admin's e-mail",
    explanation:
      'An admin still signs in as admin@example.com (the ADMIN_EMAIL default), an address nobody reads.',
    path: '/admin/account',
    docs: null,
    // an owner changes anyone's address (their own under Account, the others' under Team); any other
    // admin only their own
    fixedBy: (f, viewer) => viewer.owner || f.example_emails.includes(f.own_email),
    check: (_c, f, _now, viewer) => {
      const others = f.example_emails.filter((e) => e !== f.own_email);
      const listed = viewer.owner ? f.example_emails : f.example_emails.filter((e) => e === f.own_email);
      if (!listed.length) return { done: true };
      const where =
        viewer.owner && others.length
          ? {
              path: '/admin/team',
              how: `Change ${others.length > 1 ? 'theirs' : 'it'} under Team (confirmed by a link to the new address)${others.length < listed.length ? ', yours under Account' : ''}.`,
            }
          : { path: '/admin/account', how: 'Change yours under Account.' };
      return {
        done: false,
        path: where.path,
        explanation: `An admin signs in as ${listed.join(', ')}, an address nobody reads: password resets for it go nowhere. ${where.how}`,
      };
    },
  },
  'admin-password': {
    title: "Change the first admin's password",
    explanation:
      'The first admin still has the password of the first start (printed in the start log or set in ADMIN_PASSWORD).',
    path: '/admin/account',
    docs: null,
    // only the first admin can: nobody sets another admin's password
    fixedBy: (f) => f.first_admin,
    check: (_c, f) => ({ done: f.first_password_changed }),
  },
  'two-factor': {
    title: 'Turn on two-factor authentication',
    explanation: 'Your account signs in with a password alone: add an authenticator app.',
    path: '/admin/security',
    docs: `${OPS}#admin-accounts-and-two-factor-authentication`,
    fixedBy: 'any',
    check: (_c, f) => ({ done: f.totp_on }),
  },
  'two-factor-all': {
    title: 'Require two-factor authentication of every admin',
    explanation: 'Some admins may sign in with a password alone.',
    path: '/admin/settings',
    docs: `${OPS}#admin-accounts-and-two-factor-authentication`,
    fixedBy: 'owner',
    check: (_c, f) =>
      f.totp_relaxed_roles.length
        ? {
            done: false,
            explanation: `Two-factor authentication is not required of: ${f.totp_relaxed_roles.map((r) => ADMIN_ROLE_LABELS[r].label).join(', ')}. One stolen password of such an admin is enough to sign in as them.`,
          }
        : { done: true },
  },
  'team-grants': {
    title: 'Check who was given finance or owner',
    explanation: 'An admin got the finance or owner role in the last 7 days.',
    path: '/admin/team',
    docs: `${OPS}#the-back-office-team-and-roles`,
    fixedBy: 'owner',
    check: (_c, f) =>
      f.role_grants.length
        ? {
            done: false,
            explanation: `In the last 7 days: ${f.role_grants.map((g) => `${g.name} (${g.email}) on ${utcMinute(g.at)}, by ${g.by}`).join('; ')}. If no owner expected it, block the account under Team.`,
          }
        : { done: true },
  },
  'second-finance': {
    title: 'Invite a second finance admin',
    explanation: 'Large withdrawals cannot be paid until a second finance admin is invited.',
    path: '/admin/team',
    docs: `${OPS}#paying-withdrawals-on-chain-four-eyes`,
    fixedBy: 'owner',
    check: (c, f) => ({
      done: f.finance_admins >= 2,
      explanation: `Large withdrawals (above ${formatUsdt(toMicro(c.FOUR_EYES_ABOVE_USDT) ?? 0n, 0)}) cannot be paid until a second finance admin is invited.`,
    }),
  },
  mail: {
    title: 'Connect a mail server',
    explanation: 'Mail is not delivered: members never get verification codes; read them under Admin → Mail.',
    path: '/admin/mail',
    docs: `${OPS}#mail`,
    // the server's configuration (SMTP_URL): the operator's, an owner; support only reads the outbox
    fixedBy: 'owner',
    check: (c) => ({ done: Boolean(c.SMTP_URL) }),
  },
  payments: {
    title: 'Connect the payment provider',
    explanation: 'Crypto payments are off (PAYMENT_PROVIDER is not set): members cannot pay by crypto.',
    path: null,
    docs: `${OPS}#crypto-payments`,
    fixedBy: 'owner',
    check: (c) =>
      c.PAYMENT_PROVIDER === 'sandbox'
        ? {
            done: false,
            explanation: 'Payments are simulated (PAYMENT_PROVIDER=sandbox): they credit money nobody paid.',
          }
        : { done: c.PAYMENT_PROVIDER === 'nowpayments' },
  },
  'wallet-deposits': {
    title: 'Set the deposit address and chain RPC',
    explanation: 'Wallet deposits are off: DEPOSIT_ADDRESS_BEP20 is not set.',
    path: null,
    docs: `${OPS}#wallet-deposits-usdt-bep20`,
    fixedBy: 'owner',
    check: (c) =>
      c.DEPOSIT_ADDRESS_BEP20 && !c.CHAIN_RPC_56
        ? {
            done: false,
            explanation:
              "Wallet deposits use BNB Smart Chain's public RPC (CHAIN_RPC_56 is not set): use an endpoint of your own.",
          }
        : { done: Boolean(c.DEPOSIT_ADDRESS_BEP20 && c.CHAIN_RPC_56) },
  },
  plans: {
    title: 'Add a plan',
    explanation: 'No plan is on sale: members cannot buy one.',
    path: '/admin/plans',
    docs: null,
    fixedBy: 'owner',
    check: (_c, f) => ({ done: f.active_plans > 0 }),
  },
  'public-url': {
    title: "Set the site's public address",
    explanation: 'Links in mails point to PUBLIC_URL, which members cannot open.',
    path: null,
    docs: `${OPS}#running`,
    fixedBy: 'owner',
    check: (c) => ({
      done: !publicHostIsLoopback(c.PUBLIC_URL),
      explanation: `Links in mails (password resets, tickets) point to ${c.PUBLIC_URL} (PUBLIC_URL), which members cannot open.`,
    }),
  },
  backups: {
    title: 'Back up the platform',
    explanation: 'No recent good backup.',
    path: '/admin/backups',
    docs: `${OPS}#backups`,
    fixedBy: 'owner',
    check: backupsChecked,
  },
};

const isItem = (id: string): id is SetupItemId => (SETUP_ITEM_IDS as readonly string[]).includes(id);

export function createSetupService(deps: { db: Db; clock: Clock; config: SetupConfig }) {
  const { db, clock, config } = deps;

  /**
   * The items this admin can fix (two-factor and their own address are theirs; the rest is the
   * platform's, fixed by owners). The start summary reads it as the first admin, an owner.
   */
  async function list(adminId: number, roles: readonly AdminRole[] = ['owner']) {
    const viewer: Viewer = { roles, owner: adminMay(roles, 'owner', true) };
    const [stored, settings, dismissed] = await Promise.all([
      repo.facts(db, adminId, clock.now()),
      readSettings(db),
      repo.dismissedIds(db),
    ]);
    const facts: repo.SetupFacts = {
      ...stored,
      totp_relaxed_roles: ADMIN_ROLES.filter((role) => !totpRequiredFor(settings, [role])),
    };
    const mayFix = ({ fixedBy }: ItemDefinition) =>
      typeof fixedBy === 'function' ? fixedBy(facts, viewer) : adminMay(roles, fixedBy, true);
    const items: SetupItem[] = SETUP_ITEM_IDS.filter((id) => mayFix(ITEMS[id])).map((id) => {
      const { check, fixedBy: _, ...item } = ITEMS[id];
      const checked = check(config, facts, clock.now(), viewer);
      return {
        id,
        ...item,
        path: checked.path ?? item.path,
        explanation: checked.explanation ?? item.explanation,
        done: checked.done,
        dismissed: dismissed.has(id),
      };
    });
    return { items, done: items.filter((i) => i.done).length, total: items.length };
  }

  /** GET /setup. */
  async function read(actor: Actor) {
    return { ...(await list(actor.userId, actor.roles)), may_dismiss: actor.roles.includes('owner') };
  }

  function known(id: string): SetupItemId {
    if (!isItem(id)) throw notFound(SETUP_TEXT.unknownItem);
    return id;
  }

  /** POST /setup/{id}/dismiss: once; dismissing a dismissed item changes nothing and says so. */
  async function dismiss(actor: Actor, id: string) {
    const item = known(id);
    await withTx(db, async (tx) => {
      if (!(await repo.dismiss(tx, item, actor.userId, clock.now()))) return;
      await recordAudit(tx, actor, {
        action: 'setup.dismiss',
        targetType: 'setup_item',
        targetId: item,
        before: { dismissed: false },
        after: { dismissed: true },
      });
    });
    return { message: SETUP_TEXT.dismissed };
  }

  /** DELETE /setup/{id}/dismiss. */
  async function restore(actor: Actor, id: string) {
    const item = known(id);
    await withTx(db, async (tx) => {
      if (!(await repo.undismiss(tx, item))) return;
      await recordAudit(tx, actor, {
        action: 'setup.undismiss',
        targetType: 'setup_item',
        targetId: item,
        before: { dismissed: true },
        after: { dismissed: false },
      });
    });
    return { message: SETUP_TEXT.restored };
  }

  return { list, read, dismiss, restore };
}

export type SetupService = ReturnType<typeof createSetupService>;
