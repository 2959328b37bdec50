import { ACCOUNT_MSG } from '@app/contracts/admin-account';
import { MSG } from '@app/contracts/messages';
import {
  CLOSED_MESSAGES,
  DEFAULT_SETTINGS,
  type PublicSettings,
  type Settings,
  type Switch,
  settings as settingsSchema,
  totpRequiredFor,
} from '@app/contracts/settings';
import type { z } from 'zod';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, type Queryable, withTx } from '../../../db/pool.js';
import { conflict, forbidden } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import { isEnabled as hasTotp } from '../../identity/totp/repo.js';
import * as repo from './repo.js';

/** Stored values over the defaults of DOMAIN.md; unknown or stale keys are ignored. */
export async function readSettings(q: Queryable): Promise<Settings> {
  return settingsFrom(await repo.readAll(q));
}

/**
 * The settings from the stored rows (key -> value), read by a caller's own statement. A stored value
 * the schema no longer accepts (0.30000000000000004 kept before settings took exact decimals only)
 * falls back to its own default: one bad key must not reset every switch and fee to the defaults.
 */
export function settingsFrom(stored: Record<string, unknown>): Settings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const shape = settingsSchema.shape as Record<string, z.ZodType>;
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    if (key in stored && shape[key]!.safeParse(stored[key]).success) merged[key] = stored[key];
  }
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/**
 * THE check of a platform switch: every action a switch governs calls this once, with the settings
 * it read (in its own transaction where it has one). Off: 403 with the switch's message.
 */
export function requireOpen(settings: Pick<Settings, Switch>, key: Switch): void {
  if (!settings[key]) throw forbidden(CLOSED_MESSAGES[key]);
}

/** Reads the settings and checks one switch; for actions that need nothing else from settings. */
export async function assertOpen(q: Queryable, key: Switch): Promise<Settings> {
  const current = await readSettings(q);
  requireOpen(current, key);
  return current;
}

export function publicView(s: Settings): PublicSettings {
  return {
    site_name: s.site_name,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone,
    contact_telegram: s.contact_telegram,
    registration_open: s.registration_open,
    signin_open: s.signin_open,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createSettingsService(deps: { db: Db; clock: Clock }) {
  return {
    get: () => readSettings(deps.db),
    getPublic: async () => publicView(await readSettings(deps.db)),
    /** Writes the keys that differ; one audit row with the settings before and after, none if nothing changed. */
    async update(actor: Actor, patch: Partial<Settings>) {
      return withTx(deps.db, async (tx) => {
        await tx.query('LOCK TABLE settings IN SHARE ROW EXCLUSIVE MODE');
        const before = await readSettings(tx);
        const changes = Object.fromEntries(
          Object.entries(patch).filter(
            ([key, value]) => value !== undefined && !same(value, before[key as keyof Settings]),
          ),
        );
        const changed = Object.keys(changes);
        if (changed.length === 0) return { settings: before, changed };
        // whoever requires two-factor authentication of every admin (or of a role they hold) has it
        // already: the requirement then restricts the others, never the one who just set it
        const next = { ...before, ...changes } as Settings;
        if (
          totpRequiredFor(next, actor.roles) &&
          !totpRequiredFor(before, actor.roles) &&
          !(await hasTotp(tx, actor.userId))
        )
          throw conflict(
            changes.admin_totp_required === true ? MSG.totpEnrolFirst : ACCOUNT_MSG.totpEnrolFirstRole,
          );
        await repo.upsert(tx, changes, deps.clock.now());
        const after = await readSettings(tx);
        await recordAudit(tx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          targetId: null,
          before,
          after,
        });
        return { settings: after, changed };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
