import { ADMIN_ROLE_LABELS, ADMIN_ROLES } from '@app/contracts/admins';
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
}

interface ItemDefinition {
  title: string;
  explanation: string;
  path: string | null;
  docs: string | null;
  check: (config: SetupConfig, facts: repo.SetupFacts, now: Date) => Checked;
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
    check: (_c, f) =>
      f.example_emails.length
        ? {
            done: false,
            explanation: `An admin signs in as ${f.example_emails.join(', ')}, an address nobody reads: password resets for it go nowhere.`,
          }
        : { done: true },
  },
  'admin-password': {
    title: "Change the first admin's password",
    explanation:
      'The first admin still has the password of the first start (printed in the start log or set in ADMIN_PASSWORD).',
    path: '/admin/account',
    docs: null,
    check: (_c, f) => ({ done: f.first_password_changed }),
  },
  'two-factor': {
    title: 'Turn on two-factor authentication',
    explanation: 'Your account signs in with a password alone: add an authenticator app.',
    path: '/admin/security',
    docs: `${OPS}#admin-accounts-and-two-factor-authentication`,
    check: (_c, f) => ({ done: f.totp_on }),
  },
  'two-factor-all': {
    title: 'Require two-factor authentication of every admin',
    explanation: 'Some admins may sign in with a password alone.',
    path: '/admin/settings',
    docs: `${OPS}#admin-accounts-and-two-factor-authentication`,
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
    check: (c) => ({ done: Boolean(c.SMTP_URL) }),
  },
  payments: {
    title: 'Connect the payment provider',
    explanation: 'Crypto payments are off (PAYMENT_PROVIDER is not set): members cannot pay by crypto.',
    path: null,
    docs: `${OPS}#crypto-payments`,
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
    check: (_c, f) => ({ done: f.active_plans > 0 }),
  },
  'public-url': {
    title: "Set the site's public address",
    explanation: 'Links in mails point to PUBLIC_URL, which members cannot open.',
    path: null,
    docs: `${OPS}#running`,
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
    check: backupsChecked,
  },
};

const isItem = (id: string): id is SetupItemId => (SETUP_ITEM_IDS as readonly string[]).includes(id);

export function createSetupService(deps: { db: Db; clock: Clock; config: SetupConfig }) {
  const { db, clock, config } = deps;

  /** The items for this admin (two-factor is theirs; the rest is the platform's). */
  async function list(adminId: number) {
    const [stored, settings, dismissed] = await Promise.all([
      repo.facts(db, adminId, clock.now()),
      readSettings(db),
      repo.dismissedIds(db),
    ]);
    const facts: repo.SetupFacts = {
      ...stored,
      totp_relaxed_roles: ADMIN_ROLES.filter((role) => !totpRequiredFor(settings, [role])),
    };
    const items: SetupItem[] = SETUP_ITEM_IDS.map((id) => {
      const { check, ...item } = ITEMS[id];
      const checked = check(config, facts, clock.now());
      return {
        id,
        ...item,
        explanation: checked.explanation ?? item.explanation,
        done: checked.done,
        dismissed: dismissed.has(id),
      };
    });
    return { items, done: items.filter((i) => i.done).length, total: items.length };
  }

  /** GET /setup. */
  async function read(actor: Actor) {
    return { ...(await list(actor.userId)), may_dismiss: actor.roles.includes('owner') };
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
