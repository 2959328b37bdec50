/**
 * The language tests' world (issue 38): a small shipped catalog written to a temporary folder
 * (I18N_CATALOGS_DIR), so the counts are known: four member messages (English and Spanish) and
 * a back-office catalog whose only Spanish word is the one it shares with members; two instances
 * over one database; a content and a finance admin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { buildApp } from '../../src/app.js';
import { createPool } from '../../src/db/pool.js';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { createTestApp } from '../helpers.js';
import { addAdmin, adminPasswordStep } from './admin-fixtures.js';

export const SOURCE = {
  dashboard: 'Dashboard',
  hello: 'Hello {name}',
  items: 'You have {count, plural, one {# item} other {# items}}',
  terms: 'Read <0>the terms</0>',
};
/** The back-office's own words (admin.po): "Dashboard" is the members' too. */
export const BACK_OFFICE = { approve: 'Approve withdrawal {id}', audit: 'Audit log' };
export const ID = Object.fromEntries(
  Object.entries({ ...SOURCE, ...BACK_OFFICE }).map(([k, v]) => [k, generateMessageId(v)]),
) as Record<keyof typeof SOURCE | keyof typeof BACK_OFFICE, string>;

export const po = (entries: Array<[string, string]>) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n${entries
    .map(([id, str]) => `msgid ${JSON.stringify(id)}\nmsgstr ${JSON.stringify(str)}\n`)
    .join('\n')}`;

export async function setupLanguages() {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogs-'));
  mkdirSync(path.join(dir, 'en'));
  mkdirSync(path.join(dir, 'es'));
  writeFileSync(path.join(dir, 'en', 'member.po'), po(Object.values(SOURCE).map((s) => [s, s])));
  const backOffice = [SOURCE.dashboard, ...Object.values(BACK_OFFICE)];
  writeFileSync(path.join(dir, 'en', 'admin.po'), po(backOffice.map((s) => [s, s])));
  // English only for the back-office, as shipped: the Spanish file has no words of its own
  writeFileSync(path.join(dir, 'es', 'admin.po'), po(backOffice.map((s) => [s, ''])));
  writeFileSync(
    path.join(dir, 'es', 'member.po'),
    po([
      [SOURCE.dashboard, 'Panel'],
      [SOURCE.hello, 'Hola {name}'],
      [SOURCE.items, 'Tienes {count, plural, one {# artículo} other {# artículos}}'],
      [SOURCE.terms, 'Lee <0>los términos</0>'],
    ]),
  );
  const t = await createTestApp({ I18N_CATALOGS_DIR: dir });
  const otherDb = createPool(t.db.options.connectionString!, 4);
  const other = await buildApp({
    config: t.config,
    db: otherDb,
    clock: t.clock,
    jwtSecret: 'x'.repeat(48),
    logger: false,
    jobs: new Scheduler(otherDb),
  });
  await other.ready();
  const sign = async (role: 'content' | 'finance') =>
    (await adminPasswordStep(t, await addAdmin(t, `i18n-${role}`, [role]))).body.admin.token as string;
  const content = await sign('content');
  const finance = await sign('finance');
  const close = async () => {
    await other.close();
    await otherDb.end();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { t, other, otherDb, content, finance, close };
}

export type LanguagesTest = Awaited<ReturnType<typeof setupLanguages>>;
export type Instance = LanguagesTest['other'];

/** GET /i18n/{locale} on one instance, with an optional ETag to revalidate. */
export async function publicCatalog(app: Instance, locale: string, etag?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/i18n/${locale}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : null };
}
