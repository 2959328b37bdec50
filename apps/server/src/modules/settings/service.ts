import { DEFAULT_SETTINGS, type Settings, settings as settingsSchema } from '@app/contracts/settings';
import { recordAudit } from '../../audit/audit.js';
import type { Clock } from '../../clock.js';
import { type Db, type Queryable, withTx } from '../../db/pool.js';
import type { Actor } from '../../http/access.js';
import * as repo from './repo.js';

/** Stored values over the defaults of DOMAIN.md; unknown or stale keys are ignored. */
export async function readSettings(q: Queryable): Promise<Settings> {
  const stored = await repo.readAll(q);
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS)) if (key in stored) merged[key] = stored[key];
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export function createSettingsService(deps: { db: Db; clock: Clock }) {
  return {
    get: () => readSettings(deps.db),
    async update(actor: Actor, patch: Partial<Settings>) {
      return withTx(deps.db, async (tx) => {
        await tx.query('LOCK TABLE settings IN SHARE ROW EXCLUSIVE MODE');
        const before = await readSettings(tx);
        await repo.upsert(tx, patch, deps.clock.now());
        const after = await readSettings(tx);
        await recordAudit(tx, actor, {
          action: 'settings.update',
          targetType: 'settings',
          targetId: null,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
